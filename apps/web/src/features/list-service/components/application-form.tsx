import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField, TextField } from '@/components/ui/field';
import { APPLICATION_FIELDS, applicationFieldId } from '../application-fields';
import type {
  ApplicationErrors,
  ApplicationFieldName,
  ApplicationValues,
} from '../application-fields';

type ApplicationFormProps = {
  values: ApplicationValues;
  errors: ApplicationErrors;
  /** Changes on every failed submit so the error summary takes focus again. */
  failedAttempt: number;
  isSubmitting: boolean;
  onChange: (name: ApplicationFieldName, value: string) => void;
  onSubmit: () => void;
};

export function ApplicationForm({
  values,
  errors,
  failedAttempt,
  isSubmitting,
  onChange,
  onSubmit,
}: ApplicationFormProps) {
  const summaryItems = APPLICATION_FIELDS.flatMap((field) => {
    const message = errors[field.name];
    return message ? [{ fieldId: applicationFieldId(field.name), message }] : [];
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate method="post" onSubmit={handleSubmit}>
      <ErrorSummary key={failedAttempt} errors={summaryItems} />
      {APPLICATION_FIELDS.map((field) => {
        const common = {
          id: applicationFieldId(field.name),
          name: field.name,
          label: field.label,
          hint: field.hint,
          error: errors[field.name],
          value: values[field.name],
          required: field.name !== 'website',
        };
        return field.isMultiline ? (
          <TextAreaField
            key={field.name}
            {...common}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
        ) : (
          <TextField
            key={field.name}
            {...common}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
        );
      })}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit application'}
      </Button>
    </form>
  );
}
