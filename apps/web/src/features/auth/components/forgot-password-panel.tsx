import { ForgotPasswordRequestSchema } from '@locals/contracts/auth';
import { useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast-context';
import { useRequestPasswordReset } from '../api/forgot-password';
import { schemaErrors, useAuthForm } from '../use-auth-form';

const FIELD_NAMES = ['email'] as const;
const fieldId = () => 'forgot-email';

type ForgotPasswordPanelProps = { onBackToSignIn: () => void };

export function ForgotPasswordPanel({ onBackToSignIn }: ForgotPasswordPanelProps) {
  const form = useAuthForm({ email: '' }, fieldId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const resetRequest = useRequestPasswordReset();
  const { toast } = useToast();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ForgotPasswordRequestSchema.safeParse(form.values);
    if (!parsed.success) {
      form.showErrors(schemaErrors(parsed.error, FIELD_NAMES));
      return;
    }
    form.clearErrors();
    resetRequest.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: 'Reset Email Sent',
          description: 'Please check your email for password reset instructions.',
        });
        setSentTo(parsed.data.email);
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: error.message || 'Failed to send reset email. Please try again.',
          variant: 'destructive',
        }),
    });
  }

  if (sentTo !== null) {
    return (
      <ResetEmailSent email={sentTo} onTryAgain={() => setSentTo(null)} onBack={onBackToSignIn} />
    );
  }

  return (
    <form noValidate method="post" onSubmit={submit}>
      <ErrorSummary errors={form.summary} />
      <TextField {...form.field('email')} label="Email address" type="email" autoComplete="email" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={resetRequest.isPending}>
          {resetRequest.isPending ? 'Sending...' : 'Send reset email'}
        </Button>
        <Button variant="secondary" onClick={onBackToSignIn}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}

type ResetEmailSentProps = { email: string; onTryAgain: () => void; onBack: () => void };

function ResetEmailSent({ email, onTryAgain, onBack }: ResetEmailSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: move to the news so screen readers read it.
  useLayoutEffect(() => headingRef.current?.focus(), []);

  return (
    <div>
      <h3 ref={headingRef} tabIndex={-1} className="mb-2 text-xl font-bold">
        Check your email
      </h3>
      <p className="mb-2 text-lg">
        We&apos;ve sent password reset instructions to <strong>{email}</strong>
      </p>
      <p className="mb-4 text-lg">
        Didn&apos;t receive the email? Check your spam folder or try again.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onTryAgain}>
          Try again
        </Button>
        <Button onClick={onBack}>Back to sign in</Button>
      </div>
    </div>
  );
}
