import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAuthDialog } from '@/lib/auth-dialog';
import { authConfig, signedOut } from '@/testing/auth';
import { stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import '@/features/auth/components/auth-dialog';

function SignIn() {
  const authDialog = useAuthDialog();
  return <button onClick={() => authDialog.open('login')}>Sign in</button>;
}

function SignInOnHome() {
  return useLocation().pathname === '/' ? <SignIn /> : null;
}

describe('AuthDialogProvider', () => {
  it('opens the dialog a feature asks for, and returns focus to the opener on close', async () => {
    stubApi({ 'GET /api/auth/me': signedOut, 'GET /api/auth/config': authConfig() });
    const user = userEvent.setup();
    renderWithProviders(<SignIn />);
    const opener = screen.getByRole('button', { name: 'Sign in' });

    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Locals' });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes the dialog when the component that opened it goes', async () => {
    stubApi({ 'GET /api/auth/me': signedOut, 'GET /api/auth/config': authConfig() });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SignInOnHome />);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('dialog', { name: 'Welcome to Locals' });
    await act(() => router.navigate('/about'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
