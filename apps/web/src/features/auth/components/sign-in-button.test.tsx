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

  it('is a link to the sign-in page, back to this page, for a tap before the app has started', () => {
    stubApi({ 'GET /api/auth/me': signedOut, 'GET /api/auth/config': authConfig() });
    renderWithProviders(<SignInButton />, { path: '/results?postcode=BS1+4DJ&signin=1' });

    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/api/auth/signin?returnTo=${encodeURIComponent('/results?postcode=BS1+4DJ')}`,
    );
  });

  it('opens the dialog with Space, as a button does', async () => {
    stubApi({ 'GET /api/auth/me': signedOut, 'GET /api/auth/config': authConfig() });
    const user = userEvent.setup();
    renderWithProviders(<SignInButton />);
    screen.getByRole('button', { name: 'Sign In' }).focus();
    await user.keyboard(' ');

    expect(await screen.findByRole('dialog', { name: 'Welcome to Locals' })).toBeInTheDocument();
  });
});
