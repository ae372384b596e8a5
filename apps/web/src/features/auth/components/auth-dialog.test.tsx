import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import {
  authConfig,
  buildUser,
  captureFormSubmissions,
  mockLocationAssign,
  signedInAs,
  signedOut,
  spyOnStorageWrites,
} from '@/testing/auth';
import { SignInButton } from './sign-in-button';

type User = ReturnType<typeof userEvent.setup>;

const NEW_RESIDENT = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Email address': 'ada@example.org',
  Password: 'correct horse',
  'Confirm password': 'correct horse',
};

/** A response the test releases when it has seen the loading state. */
function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

function stubAuth(handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/me': signedOut,
    'GET /api/auth/config': authConfig(),
    ...handlers,
  });
}

async function openDialog(path = '/') {
  const user = userEvent.setup();
  const view = renderWithProviders(<SignInButton />, { path });
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  const dialog = await screen.findByRole('dialog', { name: 'Welcome to Locals' });
  return { user, dialog, ...view };
}

async function fillIn(user: User, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(within(dialog).getByLabelText(label), value);
  }
}

async function goToRegister(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
  await within(dialog).findByLabelText('First name');
}

describe('auth dialog: login mode', () => {
  it('welcomes with the product name and says what an account is for', async () => {
    stubAuth();
    const { dialog } = await openDialog();

    expect(dialog).toHaveAccessibleDescription('Access your bookmarks, notes, and more');
    expect(within(dialog).getByRole('button', { name: 'Login or Register' })).toBeInTheDocument();
  });

  it('"Login or Register" starts sign-in with a full-page visit that returns here', async () => {
    stubAuth();
    const assign = mockLocationAssign();
    const { user, dialog } = await openDialog('/results?postcode=BS1%204DJ&category=food');

    await user.click(within(dialog).getByRole('button', { name: 'Login or Register' }));

    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(String(assign.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/auth/signin');
    expect(url.searchParams.get('returnTo')).toBe('/results?postcode=BS1+4DJ&category=food');
  });

  it('shows a welcome and a Log out button to someone already signed in', async () => {
    stubAuth({
      'GET /api/auth/me': signedInAs(buildUser({ firstName: 'Grace', lastName: 'Hopper' })),
    });
    const submitted = captureFormSubmissions();
    const { user, dialog } = await openDialog();

    expect(await within(dialog).findByText(/Welcome back,/)).toHaveTextContent(
      'Welcome back, Grace Hopper. You are signed in.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    expect(submitted).toEqual([
      { method: 'get', action: `${window.location.origin}/api/auth/logout` },
    ]);
  });
});

describe('auth dialog: closing', () => {
  it.each([
    ['Escape', (user: User) => user.keyboard('{Escape}')],
    ['the close button', (user: User) => user.click(screen.getByRole('button', { name: 'Close' }))],
    [
      'a click on the backdrop',
      async (user: User) => {
        // The overlay is the portal's element just before the dialog itself.
        const overlay = screen.getByRole('dialog').previousElementSibling;
        if (!(overlay instanceof HTMLElement)) throw new Error('No overlay');
        await user.click(overlay);
      },
    ],
  ])('closes on %s and gives focus back to Sign In', async (_how, close) => {
    stubAuth();
    const { user } = await openDialog();

    await close(user);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus());
  });

  it('keeps Tab inside the dialog', async () => {
    stubAuth();
    const { user, dialog } = await openDialog();

    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

describe('auth dialog: moving between modes', () => {
  it('goes to Create Account and back with "Sign in", focusing the first control', async () => {
    stubAuth();
    const { user, dialog } = await openDialog();

    await goToRegister(user, dialog);
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBe(dialog);
    expect(within(dialog).getByLabelText('First name')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome to Locals' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Login or Register' })).toHaveFocus();
  });

  it('goes to Reset Password and back with "Back to sign in"', async () => {
    stubAuth();
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Email address')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome to Locals' })).toBe(dialog);
  });
});

describe('auth dialog: register', () => {
  it('creates the account, then returns to login with the spec toast', async () => {
    const response = deferred();
    const { requests } = stubAuth({ 'POST /api/auth/register': response.handler });
    const { user, dialog } = await openDialog();
    await goToRegister(user, dialog);

    await fillIn(user, dialog, NEW_RESIDENT);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(within(dialog).getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    response.release(
      jsonResponse({ success: true, message: 'Account Created! You can now sign in.' }, 201),
    );
    expect(await screen.findByText('Account Created!')).toBeInTheDocument();
    expect(
      screen.getByText('Your account has been successfully created. You can now sign in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Welcome to Locals' })).toBe(dialog);
    expect(callsTo(requests, 'POST', '/api/auth/register')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    });
  });

  it('on 429 shows "Registration Failed" with the server message and keeps what was typed', async () => {
    stubAuth({
      'POST /api/auth/register': () =>
        jsonResponse(
          {
            code: 'rate_limited',
            message: 'Too many requests. Please wait a minute and try again.',
          },
          429,
        ),
    });
    const { user, dialog } = await openDialog();
    await goToRegister(user, dialog);

    await fillIn(user, dialog, NEW_RESIDENT);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Too many requests. Please wait a minute and try again.'),
    ).toBeInTheDocument();
    for (const [label, value] of Object.entries(NEW_RESIDENT)) {
      expect(within(dialog).getByLabelText(label)).toHaveValue(value);
    }
    expect(within(dialog).getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it("puts the server's field errors next to their fields", async () => {
    stubAuth({
      'POST /api/auth/register': () =>
        jsonResponse(
          {
            code: 'validation_failed',
            message: 'Please check your information and try again.',
            fieldErrors: { email: ['Please enter a valid email address'] },
          },
          400,
        ),
    });
    const { user, dialog } = await openDialog();
    await goToRegister(user, dialog);

    await fillIn(user, dialog, NEW_RESIDENT);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(await within(dialog).findByRole('alert')).toHaveFocus();
    expect(within(dialog).getByLabelText('Email address')).toHaveAccessibleDescription(
      'Error: Please enter a valid email address',
    );
  });

  it.each(['Password', 'Confirm password'])(
    'has a show/hide toggle for "%s" that reports its state',
    async (label) => {
      stubAuth();
      const { user, dialog } = await openDialog();
      await goToRegister(user, dialog);
      const input = within(dialog).getByLabelText(label);
      const toggle = within(dialog).getByRole('button', { name: `Show ${label.toLowerCase()}` });

      expect(input).toHaveAttribute('type', 'password');
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await user.click(toggle);
      expect(input).toHaveAttribute('type', 'text');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await user.click(toggle);
      expect(input).toHaveAttribute('type', 'password');
    },
  );
});

describe('auth dialog: forgot password', () => {
  async function goToForgot(user: User, dialog: HTMLElement) {
    await user.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
    return within(dialog).findByLabelText('Email address');
  }

  it('sends the reset email, confirms, and offers Try again and Back to sign in', async () => {
    const response = deferred();
    const sent = () =>
      jsonResponse({ success: true, message: 'If it has an account, we sent it.' });
    const answers = [response.handler, sent];
    const { requests } = stubAuth({
      'POST /api/auth/forgot-password': () => (answers.shift() ?? sent)(),
    });
    const { user, dialog } = await openDialog();
    await user.type(await goToForgot(user, dialog), 'ada@example.org');

    await user.click(within(dialog).getByRole('button', { name: 'Send reset email' }));
    expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    response.release(sent());

    const heading = await within(dialog).findByRole('heading', { name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(dialog).toHaveTextContent("We've sent password reset instructions to ada@example.org");
    expect(dialog).toHaveTextContent(
      "Didn't receive the email? Check your spam folder or try again.",
    );
    expect(await screen.findByText('Reset Email Sent')).toBeInTheDocument();
    expect(
      screen.getByText('Please check your email for password reset instructions.'),
    ).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/auth/forgot-password')[0]?.body).toEqual({
      email: 'ada@example.org',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('ada@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset email' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome to Locals' })).toBe(dialog);
  });

  it('on failure shows the "Error" toast with the server message and keeps the form', async () => {
    stubAuth({
      'POST /api/auth/forgot-password': () =>
        jsonResponse({ code: 'rate_limited', message: 'Too many requests. Try again soon.' }, 429),
    });
    const { user, dialog } = await openDialog();
    await user.type(await goToForgot(user, dialog), 'ada@example.org');

    await user.click(within(dialog).getByRole('button', { name: 'Send reset email' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Try again soon.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('ada@example.org');
  });
});

describe('auth dialog with an external identity provider', () => {
  it.each([
    ['Create an account', 'Create Account', 'Create an account', 'https://id.example/register'],
    ['Forgot your password?', 'Reset Password', 'Reset your password', 'https://id.example/reset'],
  ])('"%s" hands over to the provider instead of a form', async (opener, title, link, href) => {
    stubAuth({
      'GET /api/auth/config': authConfig({
        issuer: 'external',
        registerUrl: 'https://id.example/register',
        resetPasswordUrl: 'https://id.example/reset',
      }),
    });
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: opener }));

    expect(await within(dialog).findByRole('link', { name: link })).toHaveAttribute('href', href);
    expect(screen.getByRole('dialog', { name: title })).toBe(dialog);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('auth dialog and browser storage', () => {
  it('writes nothing to localStorage or sessionStorage while registering and resetting', async () => {
    stubAuth({
      'POST /api/auth/register': () =>
        jsonResponse({ success: true, message: 'Account Created! You can now sign in.' }, 201),
      'POST /api/auth/forgot-password': () => jsonResponse({ success: true, message: 'Sent.' }),
    });
    const writes = spyOnStorageWrites();
    const { user, dialog } = await openDialog();

    await goToRegister(user, dialog);
    await fillIn(user, dialog, NEW_RESIDENT);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await screen.findByText('Account Created!');
    await user.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
    await user.type(await within(dialog).findByLabelText('Email address'), 'ada@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset email' }));
    await within(dialog).findByRole('heading', { name: 'Check your email' });

    expect(writes).not.toHaveBeenCalled();
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
  });
});
