import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SignInButton } from './sign-in-button';

describe('SignInButton', () => {
  it('opens an honest "Sign in" dialog that says accounts are coming soon', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInButton />);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(dialog).toHaveAccessibleDescription(/Accounts are coming soon/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus());
  });
});
