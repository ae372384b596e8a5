import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ForgotPasswordPanel } from './forgot-password-panel';
import { RegisterForm } from './register-form';
import { ResetPasswordPage } from './reset-password-page';
import { SignInForm } from './sign-in-form';

// Issue 25: the reasons a password that is long enough is still refused.
const REPEATED = 'Choose a password that is not just one letter or a short pattern repeated';
const SEQUENCE =
  'Choose a password that is not a run of letters or numbers in order, like abcdefgh or 12345678';

const VALID_TOKEN = 'a-reset-token-long-enough';
const USABLE_LINK = { 'GET /api/auth/reset-password': () => jsonResponse({ usable: true }) };

type Form = {
  render: () => ReactNode;
  valid: Record<string, string>;
  submit: string;
};

const FORMS = {
  register: {
    render: () => <RegisterForm onRegistered={() => {}} onSignIn={() => {}} />,
    valid: {
      'First name': 'Ada',
      'Last name': 'Lovelace',
      'Email address': 'ada@example.org',
      Password: 'quiet lantern',
      'Confirm password': 'quiet lantern',
    },
    submit: 'Create account',
  },
  forgot: {
    render: () => <ForgotPasswordPanel onBackToSignIn={() => {}} />,
    valid: { 'Email address': 'ada@example.org' },
    submit: 'Send reset email',
  },
  reset: {
    render: () => <ResetPasswordPage token={VALID_TOKEN} />,
    valid: { 'New password': 'quiet lantern', 'Confirm password': 'quiet lantern' },
    submit: 'Change password',
  },
  signIn: {
    render: () => <SignInForm uid="interaction-1" />,
    valid: { 'Email address': 'ada@example.org', Password: 'quiet lantern' },
    submit: 'Sign in',
  },
} satisfies Record<string, Form>;

async function submitWith(form: Form, overrides: Record<string, string>) {
  const user = userEvent.setup();
  renderWithProviders(form.render());
  // The reset form shows once its emailed link is checked; the others show at once.
  await screen.findByRole('button', { name: form.submit });
  for (const [label, value] of Object.entries({ ...form.valid, ...overrides })) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: form.submit }));
  return user;
}

describe('auth form validation (spec 5)', () => {
  it.each([
    ['register', 'First name', '', 'First name is required'],
    ['register', 'First name', '   ', 'First name is required'],
    ['register', 'Last name', '', 'Last name is required'],
    ['register', 'Email address', '', 'Email is required'],
    ['register', 'Email address', 'ada@', 'Please enter a valid email address'],
    ['register', 'Password', '', 'Password is required'],
    ['register', 'Password', '1234567', 'Password must be at least 8 characters'],
    ['register', 'Password', 'abababab', REPEATED],
    ['register', 'Password', 'abcdefgh', SEQUENCE],
    ['register', 'Password', 'ada@example.org', 'Your password must not be your email address'],
    ['register', 'Confirm password', '', 'Please confirm your password'],
    ['register', 'Confirm password', 'quiet lanterns', 'Passwords do not match'],
    ['forgot', 'Email address', '', 'Email is required'],
    ['forgot', 'Email address', 'not-an-email', 'Please enter a valid email address'],
    ['reset', 'New password', '', 'Password is required'],
    ['reset', 'New password', '1234567', 'Password must be at least 8 characters'],
    ['reset', 'New password', 'aaaaaaaa', REPEATED],
    ['reset', 'New password', '        ', 'Your password must contain more than spaces'],
    ['reset', 'New password', '12345678', SEQUENCE],
    ['reset', 'Confirm password', '', 'Please confirm your password'],
    ['reset', 'Confirm password', 'quiet lanterns', 'Passwords do not match'],
    ['signIn', 'Email address', '', 'Email is required'],
    ['signIn', 'Email address', 'ada.example.org', 'Please enter a valid email address'],
    ['signIn', 'Password', '', 'Password is required'],
  ] as const)('%s: "%s" as "%s" gives "%s"', async (formName, label, value, message) => {
    const { requests } = stubApi(USABLE_LINK);
    await submitWith(FORMS[formName], { [label]: value });

    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: message });
    const field = screen.getByLabelText(label);
    expect(link).toHaveAttribute('href', `#${field.id}`);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it.each(Object.keys(FORMS) as Array<keyof typeof FORMS>)(
    '%s: editing a field clears its error, leaves the others and keeps focus in the field',
    async (formName) => {
      stubApi(USABLE_LINK);
      const form: Form = FORMS[formName];
      const blank = Object.fromEntries(Object.keys(form.valid).map((label) => [label, '']));
      const user = await submitWith(form, blank);
      const [first, ...rest] = Object.keys(form.valid);
      if (!first) throw new Error('A form has fields');

      const field = screen.getByLabelText(first);
      await user.click(field);
      await user.type(field, 'x');

      expect(field).not.toHaveAttribute('aria-invalid');
      expect(field).toHaveFocus();
      for (const label of rest) {
        expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      }
    },
  );

  it('a link in the error summary moves focus to its field', async () => {
    stubApi({});
    const user = await submitWith(FORMS.register, { 'Last name': '' });

    await user.click(screen.getByRole('link', { name: 'Last name is required' }));

    expect(screen.getByLabelText('Last name')).toHaveFocus();
  });
});
