import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { z } from 'zod';
import type { FieldErrorItem } from '@/components/ui/error-summary';

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/** The first message for each field, from a zod error or an API 400's fieldErrors. */
export function firstErrors<Name extends string>(
  fieldErrors: Partial<Record<string, string[] | undefined>>,
  names: readonly Name[],
): FieldErrors<Name> {
  const errors: FieldErrors<Name> = {};
  for (const name of names) {
    const message = fieldErrors[name]?.[0];
    if (message) errors[name] = message;
  }
  return errors;
}

export function schemaErrors<Name extends string>(
  error: z.ZodError,
  names: readonly Name[],
): FieldErrors<Name> {
  return firstErrors(z.flattenError(error).fieldErrors as Record<string, string[]>, names);
}

/**
 * Values and errors of a small form. Editing a field clears its error. The error
 * summary is a snapshot of the last failed submit (as on GOV.UK): rebuilding it on every
 * keystroke would pull focus back to it while the person types.
 */
export function useAuthForm<Name extends string>(
  initialValues: Record<Name, string>,
  fieldId: (name: Name) => string,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [summary, setSummary] = useState<FieldErrorItem[]>([]);

  function change(name: Name, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest as FieldErrors<Name>;
    });
  }

  function showErrors(nextErrors: FieldErrors<Name>) {
    setErrors(nextErrors);
    const names = Object.keys(initialValues) as Name[];
    setSummary(
      names.flatMap((name) => {
        const message = nextErrors[name];
        return message ? [{ fieldId: fieldId(name), message }] : [];
      }),
    );
  }

  function clearErrors() {
    setErrors({});
    setSummary([]);
  }

  /** What one field's control takes: its id and name, its value and error, and its change. */
  function field(name: Name) {
    return {
      id: fieldId(name),
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
    };
  }

  return { values, errors, summary, change, field, showErrors, clearErrors };
}
