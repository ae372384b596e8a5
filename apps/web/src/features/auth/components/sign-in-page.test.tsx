import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';
import { authConfig, mockLocationAssign, signedOut, spyOnStorageWrites } from '@/testing/auth';

const INTERACTION = { uid: 'abc123', prompt: 'login', clientName: 'Locals' };
type Handlers = Parameters<typeof stubApi>[0];

function stubSignIn(handlers: Handlers = {}) {
  return stubApi({
    'GET /api/auth/me': signedOut,
    'GET /api/auth/config': authConfig(),
    'GET /api/auth/interaction/abc123': () => jsonResponse(INTERACTION),
    ...handlers,
  });
}

async function signIn(email = 'ada@example.org', password = 'secret1') {
  const user = userEvent.setup();
  renderApp('/signin/abc123');
  await screen.findByRole('heading', { level: 1, name: 'Sign in to Locals' });
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

preloadRoutes('/signin/abc123');

describe("/signin/:uid (the built-in issuer's sign-in page)", () => {
  it('signs in and hands the browser back to the issuer', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = stubSignIn({
      'POST /api/auth/login': () => new Promise((resolve) => (answer = resolve)),
    });
    const assign = mockLocationAssign();
    const writes = spyOnStorageWrites();

    await signIn();

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer(jsonResponse({ success: true, redirectTo: '/oidc/auth/abc123' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/abc123'));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    const [login] = callsTo(requests, 'POST', '/api/auth/login');
    expect(login?.body).toEqual({ uid: 'abc123', email: 'ada@example.org', password: 'secret1' });
    expect(login?.headers.get('X-Requested-With')).toBe('locals');
    expect(writes.mock.calls.flat().join(' ')).not.toMatch(/ada|secret|token/i);
  });

  it('on 401 says only that the email or password is incorrect, in an error summary', async () => {
    stubSignIn({
      'POST /api/auth/login': () =>
        jsonResponse({ code: 'invalid_credentials', message: 'Invalid credentials' }, 401),
    });
    const assign = mockLocationAssign();

    await signIn('ada@example.org', 'wrong-password');

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', { name: 'Email or password is incorrect' }),
    ).toHaveAttribute('href', '#signin-email');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.org');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("on 429 shows the server's words on when to try again", async () => {
    // What the API's password gate answers while a flood of guesses is being refused (issue 25).
    const message = 'We are checking a lot of passwords just now. Wait 2 seconds, then try again.';
    stubSignIn({
      'POST /api/auth/login': () => jsonResponse({ code: 'rate_limited', message }, 429),
    });

    await signIn();

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(message);
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.org');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it.each([400, 404])(
    'when the interaction has gone (%i) says the sign-in took too long, with a fresh start',
    async (status) => {
      stubSignIn({
        'GET /api/auth/interaction/abc123': () =>
          jsonResponse({ code: 'interaction_expired', message: 'Session expired' }, status),
      });
      renderApp('/signin/abc123');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Your sign-in took too long' }),
      ).toBeInTheDocument();
      const startAgain = screen.getByRole('link', { name: 'Start again' });
      const url = new URL(startAgain.getAttribute('href') ?? '', 'http://localhost');
      expect(url.pathname).toBe('/api/auth/signin');
      expect(url.searchParams.get('returnTo')).toBe('/');
    },
  );

  it('when the interaction expires while the form is open, says so after submitting', async () => {
    stubSignIn({
      'POST /api/auth/login': () =>
        jsonResponse({ code: 'interaction_expired', message: 'Session expired' }, 400),
    });

    await signIn();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your sign-in took too long' }),
    ).toBeInTheDocument();
  });

  it('"Create an account" registers in the dialog, then comes back to sign in here', async () => {
    stubSignIn({
      'POST /api/auth/register': () =>
        jsonResponse({ success: true, message: 'Account Created! You can now sign in.' }, 201),
    });
    const user = userEvent.setup();
    renderApp('/signin/abc123');

    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    await user.type(await within(dialog).findByLabelText('First name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.org');
    await user.type(within(dialog).getByLabelText('Password'), 'quiet lantern');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'quiet lantern');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account Created!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.org');
  });

  it('"Forgot your password?" opens the dialog in its reset mode', async () => {
    stubSignIn();
    const user = userEvent.setup();
    renderApp('/signin/abc123');

    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));

    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('has a show/hide toggle on the password', async () => {
    stubSignIn();
    const user = userEvent.setup();
    renderApp('/signin/abc123');
    const toggle = await screen.findByRole('button', { name: 'Show password' });

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });
});
