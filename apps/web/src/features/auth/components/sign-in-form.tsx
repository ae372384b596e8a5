import { LoginRequestSchema } from '@locals/contracts/auth';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import type { AuthMode } from '@/lib/auth-dialog';
import { useLogIn } from '../api/login';
import { firstErrors, schemaErrors, useAuthForm } from '../use-auth-form';
import { AuthDialogOpener } from './auth-dialog-opener';
import { AuthPage } from './auth-page';
import { linkButtonClassName } from './link-button';
import { PasswordField } from './password-field';
import { SignInExpired } from './sign-in-expired';

const FIELD_NAMES = ['email', 'password'] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const fieldId = (name: FieldName) => `signin-${name}`;

export function SignInForm({ uid }: { uid: string }) {
  const form = useAuthForm({ email: '', password: '' }, fieldId);
  const [hasExpired, setHasExpired] = useState(false);
  const [dialogMode, setDialogMode] = useState<AuthMode | null>(null);
  const login = useLogIn();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse({ uid, ...form.values });
    if (!parsed.success) {
      form.showErrors(schemaErrors(parsed.error, FIELD_NAMES));
      return;
    }
    form.clearErrors();
    login.mutate(parsed.data, {
      onError: (error) => {
        const status = isApiError(error) ? error.status : 0;
        const fieldErrors = isApiError(error) ? firstErrors(error.fieldErrors, FIELD_NAMES) : {};
        if (Object.keys(fieldErrors).length > 0) form.showErrors(fieldErrors);
        else if (status === 400 || status === 404) setHasExpired(true);
        // Never say which of the two was wrong: that would tell anyone who has an account.
        else if (status === 401) form.showErrors({ email: 'Email or password is incorrect' });
        // 429 and the rest: the server's own words (for 429, when to try again).
        else form.showErrors({ email: error.message });
      },
    });
  }

  /** After registering in the dialog, the person signs in right here. */
  function signInHere(email?: string) {
    setDialogMode(null);
    if (email) form.change('email', email);
  }

  if (hasExpired) return <SignInExpired />;

  // Still "Signing in..." after success: the browser is on its way back to the site.
  const isBusy = login.isPending || login.isSuccess;
  return (
    <AuthPage title="Sign in to Locals">
      <form noValidate method="post" onSubmit={submit}>
        <ErrorSummary errors={form.summary} />
        <TextField
          {...form.field('email')}
          label="Email address"
          type="email"
          autoComplete="username"
        />
        <PasswordField
          {...form.field('password')}
          label="Password"
          autoComplete="current-password"
        />
        <Button type="submit" disabled={isBusy} className="mb-6">
          {isBusy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <ul className="space-y-2">
        <li className="text-lg">
          New to Locals?{' '}
          <button
            type="button"
            aria-haspopup="dialog"
            className={linkButtonClassName}
            onClick={() => setDialogMode('register')}
          >
            Create an account
          </button>
        </li>
        <li>
          <button
            type="button"
            aria-haspopup="dialog"
            className={linkButtonClassName}
            onClick={() => setDialogMode('forgot')}
          >
            Forgot your password?
          </button>
        </li>
      </ul>
      <AuthDialogOpener
        mode={dialogMode}
        onClose={() => setDialogMode(null)}
        onSignInRequested={signInHere}
      />
    </AuthPage>
  );
}
