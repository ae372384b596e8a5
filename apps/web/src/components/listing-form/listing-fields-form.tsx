import type { ListingFields, ListingValues } from '@locals/contracts/listing';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField, TextField } from '@/components/ui/field';
import { CategoryCheckboxes } from './category-checkboxes';
import { FormProblem } from './form-problem';
import {
  LISTING_FIELDS,
  LISTING_FIELD_TEXT,
  firstIssues,
  fromFormValues,
  listingFieldId,
  toFormValues,
} from './listing-form-fields';
import type {
  ListingFieldErrors,
  ListingFieldName,
  ListingFormError,
  ListingFormValues,
} from './listing-form-fields';

type ListingFieldsFormProps = {
  initial: ListingValues;
  submitLabel: string;
  /**
   * Called with the checked fields. Report failures through `serverErrors` (for example with
   * listingFormErrors(mutation.error)); the form keeps everything typed whatever happens.
   */
  onSubmit: (fields: ListingFields) => Promise<void> | void;
  /** Problems the API found; pass none while a new submission is in flight. */
  serverErrors?: readonly ListingFormError[] | undefined;
  isSubmitting?: boolean | undefined;
  /** Keeps ids unique when two forms share a page; 'listing' by default. */
  idPrefix?: string | undefined;
  /** Shown between the last field and the submit button (for example a moderator's note). */
  children?: ReactNode;
};

const INPUT_TYPE: Partial<Record<ListingFieldName, string>> = { email: 'email', website: 'url' };

function byField(formErrors: readonly ListingFormError[]): ListingFieldErrors {
  const errors: ListingFieldErrors = {};
  for (const error of formErrors) {
    if (error.field && !errors[error.field]) errors[error.field] = error.message;
  }
  return errors;
}

/**
 * A listing's editable fields (decision 024), checked in the browser with the same schema the API
 * uses: a moderator approving an application or a suggestion, a provider editing their listing.
 */
export function ListingFieldsForm({
  initial,
  submitLabel,
  onSubmit,
  serverErrors = [],
  isSubmitting = false,
  idPrefix = 'listing',
  children,
}: ListingFieldsFormProps) {
  const [values, setValues] = useState<ListingFormValues>(() => toFormValues(initial));
  const [clientErrors, setClientErrors] = useState<ListingFieldErrors>({});
  const [failedAttempt, setFailedAttempt] = useState(0);

  // The browser's own findings first; once they are fixed, what the server said.
  const hasClientErrors = Object.keys(clientErrors).length > 0;
  const errors = hasClientErrors ? clientErrors : byField(serverErrors);
  const formMessages = hasClientErrors
    ? []
    : serverErrors.filter((error) => !error.field).map((error) => error.message);
  const summaryItems = LISTING_FIELDS.flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: listingFieldId(idPrefix, field), message }] : [];
  });

  async function submit() {
    // Loaded on first submit, so the page itself carries no zod.
    const { ListingFieldsSchema } = await import('@locals/contracts/listing');
    const parsed = ListingFieldsSchema.safeParse(fromFormValues(values));
    if (!parsed.success) {
      setClientErrors(firstIssues(parsed.error.issues));
      setFailedAttempt((attempt) => attempt + 1);
      return;
    }
    setClientErrors({});
    await onSubmit(parsed.data);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    void submit();
  }

  function setField<K extends keyof ListingFormValues>(name: K, value: ListingFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  return (
    <form noValidate method="post" onSubmit={handleSubmit}>
      <ErrorSummary key={failedAttempt} errors={summaryItems} />
      <FormProblem messages={formMessages} />
      {LISTING_FIELDS.map((field) => {
        const text = LISTING_FIELD_TEXT[field];
        const id = listingFieldId(idPrefix, field);
        if (field === 'categories') {
          return (
            <CategoryCheckboxes
              key={field}
              id={id}
              legend={text.label}
              hint={text.hint}
              error={errors.categories}
              selected={values.categories}
              onChange={(selected) => setField('categories', selected)}
            />
          );
        }
        const common = {
          id,
          name: field,
          label: text.label,
          hint: text.hint,
          error: errors[field],
          value: values[field],
        };
        return text.isMultiline ? (
          <TextAreaField
            key={field}
            {...common}
            rows={field === 'description' ? 6 : 4}
            onChange={(event) => setField(field, event.target.value)}
          />
        ) : (
          <TextField
            key={field}
            {...common}
            type={INPUT_TYPE[field] ?? 'text'}
            // The service's details, not the person's own: the browser should not offer theirs.
            autoComplete="off"
            spellCheck={field === 'email' || field === 'website' ? false : undefined}
            onChange={(event) => setField(field, event.target.value)}
          />
        );
      })}
      {children}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
