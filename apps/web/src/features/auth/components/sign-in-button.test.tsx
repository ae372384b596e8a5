import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { authConfig, signedOut } from '@/testing/auth';
import { SignInButton } from './sign-in-button';

describe('SignInButton', () => {
  it('says it opens a dialog, and opens the auth dialog in its login mode', async () => {
    stubApi({ 'GET /api/auth/me': signedOut, 'GET /api/auth/config': authConfig() });
    const user = userEvent.setup();
    renderWithProviders(<SignInButton />);
    const button = screen.getByRole('button', { name: 'Sign In' });

    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);

    expect(await screen.findByRole('dialog', { name: 'Welcome to Locals' })).toBeInTheDocument();
  });
});
