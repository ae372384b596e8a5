import { MIN_PASSWORD_LENGTH, RegisterFormSchema } from '@locals/contracts/auth';
import type { RegisterForm as RegisterValues } from '@locals/contracts/auth';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast-context';
import { isApiError } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { firstErrors, schemaErrors, useAuthForm } from '../use-auth-form';
import { linkButtonClassName } from './link-button';
import { PasswordField } from './password-field';

type FieldName = keyof RegisterValues;

const FIELD_NAMES: readonly FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
];
const EMPTY: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
};
const fieldId = (name: FieldName) => `register-${name}`;

type RegisterFormProps = {
  onRegistered: (email: string) => void;
  onSignIn: () => void;
};

export function RegisterForm({ onRegistered, onSignIn }: RegisterFormProps) {
  const form = useAuthForm(EMPTY, fieldId);
  const registration = useRegister();
  const { toast } = useToast();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RegisterFormSchema.safeParse(form.values);
    if (!parsed.success) {
      form.showErrors(schemaErrors(parsed.error, FIELD_NAMES));
      return;
    }
    form.clearErrors();
    registration.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: 'Account Created!',
          description: 'Your account has been successfully created. You can now sign in.',
        });
        onRegistered(parsed.data.email);
      },
      // Everything typed stays in the form so the person can correct and resend.
      onError: (error) => {
        if (isApiError(error) && error.status === 400) {
          form.showErrors(firstErrors(error.fieldErrors, FIELD_NAMES));
        }
        toast({
          title: 'Registration Failed',
          description: error.message || 'Please check your information and try again.',
          variant: 'destructive',
        });
      },
    });
  }

  const textField = (name: FieldName, label: string, autoComplete: string, type = 'text') => (
    <TextField {...form.field(name)} label={label} type={type} autoComplete={autoComplete} />
  );
  const passwordField = (name: FieldName, label: string, hint?: string) => (
    <PasswordField {...form.field(name)} label={label} hint={hint} autoComplete="new-password" />
  );

  return (
    <form noValidate method="post" onSubmit={submit}>
      <ErrorSummary errors={form.summary} />
      <div className="sm:flex sm:gap-4 [&>*]:grow">
        {textField('firstName', 'First name', 'given-name')}
        {textField('lastName', 'Last name', 'family-name')}
      </div>
      {textField('email', 'Email address', 'email', 'email')}
      {passwordField(
        'password',
        'Password',
        `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password`,
      )}
      {passwordField('confirmPassword', 'Confirm password')}
      <Button type="submit" disabled={registration.isPending} className="w-full">
        {registration.isPending ? 'Creating account...' : 'Create account'}
      </Button>
      <p className="mt-4 text-lg">
        Already have an account?{' '}
        <button type="button" className={linkButtonClassName} onClick={onSignIn}>
          Sign in
        </button>
      </p>
    </form>
  );
}
