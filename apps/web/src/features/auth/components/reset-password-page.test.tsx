import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';
import { authConfig, greeting, mockLocationAssign, signedInAs, signedOut } from '@/testing/auth';

const TOKEN = 'reset-token-0123456789abcdef';
type Handlers = Parameters<typeof stubApi>[0];

function stubReset(handlers: Handlers = {}) {
  return stubApi({
    'GET /api/auth/me': signedOut,
    'GET /api/auth/config': authConfig(),
    'GET /api/auth/reset-password': () => jsonResponse({ usable: true }),
    ...handlers,
  });
}

async function chooseNewPassword({ password = 'new-secret', isRendered = false } = {}) {
  const user = userEvent.setup();
  if (!isRendered) renderApp(`/reset-password?token=${TOKEN}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
  // The form comes once the server says the link still works.
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return user;
}

preloadRoutes('/reset-password');

describe('/reset-password?token=', () => {
  it('changes the password, confirms, and offers to sign in', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = stubReset({
      'POST /api/auth/reset-password': () => new Promise((resolve) => (answer = resolve)),
    });
    const assign = mockLocationAssign();

    const user = await chooseNewPassword();
    expect(screen.getByRole('button', { name: 'Changing password...' })).toBeDisabled();
    answer(jsonResponse({ success: true, message: 'Your password has been changed.' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const url = new URL(String(assign.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/auth/signin');
    expect(url.searchParams.get('returnTo')).toBe('/');
  });

  it('stops welcoming the person once the change has signed out every session', async () => {
    let isSessionValid = true;
    stubReset({
      'GET /api/auth/me': () => (isSessionValid ? signedInAs()() : signedOut()),
      'POST /api/auth/reset-password': () => {
        isSessionValid = false;
        return jsonResponse({ success: true, message: 'Your password has been changed.' });
      },
    });
    renderApp(`/reset-password?token=${TOKEN}`);
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText(greeting('Welcome, Ada Lovelace'))).toBeInTheDocument();

    await chooseNewPassword({ isRendered: true });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(header).queryByText(/Welcome/)).not.toBeInTheDocument();
  });

  it("with a used or expired token shows the server's message and a way to ask again", async () => {
    stubReset({
      'POST /api/auth/reset-password': () =>
        jsonResponse(
          { code: 'invalid_token', message: 'This reset link has expired or was already used.' },
          400,
        ),
    });

    const user = await chooseNewPassword();

    expect(
      await screen.findByText('This reset link has expired or was already used.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for a new reset link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
  });

  // Issue 26: a used or expired link is refused before anyone types a new password twice.
  it('says a used or expired link is so before any form, with a way to ask for a new one', async () => {
    const { requests } = stubReset({
      'GET /api/auth/reset-password': () =>
        jsonResponse(
          { code: 'invalid_token', message: 'This reset link has expired or was already used.' },
          400,
        ),
    });
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${TOKEN}`);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This link has been used or has expired',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('This reset link has expired or was already used.')).toBeVisible();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/auth/reset-password')[0]?.query.get('token')).toBe(TOKEN);
    expect(callsTo(requests, 'POST', '/api/auth/reset-password')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Ask for a new reset link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('says a link without its token is incomplete before anyone types a password', async () => {
    stubReset();
    renderApp('/reset-password');

    expect(await screen.findByText('This reset link is incomplete')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it.each(['New password', 'Confirm password'])('has a show/hide toggle on "%s"', async (label) => {
    stubReset();
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${TOKEN}`);
    const toggle = await screen.findByRole('button', { name: `Show ${label.toLowerCase()}` });

    await user.click(toggle);

    await waitFor(() => expect(screen.getByLabelText(label)).toHaveAttribute('type', 'text'));
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});
