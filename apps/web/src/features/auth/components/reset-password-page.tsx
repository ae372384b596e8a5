import { WaitingForScript } from '@/components/ui/waiting-for-script';
import { MIN_PASSWORD_LENGTH, ResetPasswordFormSchema } from '@locals/contracts/auth';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { isApiError, isRefusedWith } from '@/lib/api-client';
import type { AuthMode } from '@/lib/auth-dialog';
import { useResetLinkCheck } from '../api/check-reset-link';
import { useResetPassword } from '../api/reset-password';
import { startSignIn } from '../api/start-sign-in';
import { firstErrors, schemaErrors, useAuthForm } from '../use-auth-form';
import { AuthDialogOpener } from './auth-dialog-opener';
import { AuthPage } from './auth-page';
import { PasswordField } from './password-field';

const FIELD_NAMES = ['password', 'confirmPassword'] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const fieldId = (name: FieldName) => `reset-${name}`;

type Outcome =
  { kind: 'form' } | { kind: 'changed'; message: string } | { kind: 'invalid'; message: string };

/** /reset-password?token=...: the link from the reset email. */
export function ResetPasswordPage({ token }: { token: string }) {
  const form = useAuthForm({ password: '', confirmPassword: '' }, fieldId);
  const [outcome, setOutcome] = useState<Outcome>(() => initialOutcome(token));
  const reset = useResetPassword();
  const link = useResetLinkCheck(token, { enabled: outcome.kind === 'form' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ResetPasswordFormSchema.safeParse({ token, ...form.values });
    if (!parsed.success) {
      form.showErrors(schemaErrors(parsed.error, FIELD_NAMES));
      return;
    }
    form.clearErrors();
    reset.mutate(parsed.data, {
      onSuccess: ({ message }) => setOutcome({ kind: 'changed', message }),
      onError: (error) => {
        if (isRefusedWith(error, 'invalid_token')) {
          setOutcome({ kind: 'invalid', message: error.message });
          return;
        }
        const fieldErrors = isApiError(error) ? firstErrors(error.fieldErrors, FIELD_NAMES) : {};
        form.showErrors(
          Object.keys(fieldErrors).length > 0 ? fieldErrors : { password: error.message },
        );
      },
    });
  }

  if (outcome.kind === 'changed') return <PasswordChanged message={outcome.message} />;
  if (outcome.kind === 'invalid') return <ResetLinkInvalid message={outcome.message} />;
  // A used or expired link is said before anyone types a password. Any other failure to check
  // leaves the form: changing the password answers for the link again.
  if (isRefusedWith(link.error, 'invalid_token')) {
    return <ResetLinkInvalid message={link.error.message} />;
  }
  if (link.isPending) {
    return (
      <AuthPage title="Choose a new password">
        <WaitingForScript needs="Choosing a new password">
          Checking your reset link...
        </WaitingForScript>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Choose a new password">
      <form noValidate method="post" onSubmit={submit}>
        <ErrorSummary errors={form.summary} />
        <PasswordField
          id={fieldId('password')}
          name="password"
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password`}
          autoComplete="new-password"
          value={form.values.password}
          error={form.errors.password}
          onChange={(event) => form.change('password', event.target.value)}
        />
        <PasswordField
          id={fieldId('confirmPassword')}
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          error={form.errors.confirmPassword}
          onChange={(event) => form.change('confirmPassword', event.target.value)}
        />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Changing password...' : 'Change password'}
        </Button>
      </form>
    </AuthPage>
  );
}

/** A link missing its token cannot work, so say so before anyone types a password. */
function initialOutcome(token: string): Outcome {
  const tokenCheck = ResetPasswordFormSchema.shape.token.safeParse(token);
  if (tokenCheck.success) return { kind: 'form' };
  return { kind: 'invalid', message: tokenCheck.error.issues[0]?.message ?? '' };
}

function PasswordChanged({ message }: { message: string }) {
  return (
    <AuthPage title="Your password has been changed">
      <p className="mb-6 text-lg">{message}</p>
      <Button onClick={() => startSignIn('/')}>Sign in</Button>
    </AuthPage>
  );
}

function ResetLinkInvalid({ message }: { message: string }) {
  const [dialogMode, setDialogMode] = useState<AuthMode | null>(null);
  return (
    <AuthPage title="This link has been used or has expired">
      <p className="mb-2 text-lg">{message}</p>
      <p className="mb-6 text-lg">Reset links work once, for a limited time.</p>
      <Button aria-haspopup="dialog" onClick={() => setDialogMode('forgot')}>
        Ask for a new reset link
      </Button>
      <AuthDialogOpener mode={dialogMode} onClose={() => setDialogMode(null)} />
    </AuthPage>
  );
}
