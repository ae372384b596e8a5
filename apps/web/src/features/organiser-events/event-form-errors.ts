import { EVENT_FORM_FIELDS, eventFormErrors } from '@locals/contracts/organiser-events';
import type { EventFormField, EventFormValues } from '@locals/contracts/organiser-events';
import { isApiError } from '@/lib/api-client';
import { EMPTY_EVENT_FORM } from './event-form-text';

export type EventFieldErrors = Partial<Record<EventFormField, string>>;

/** What went wrong with a submission: beside its fields, or with the whole form. */
export type EventFormProblems = { fields: EventFieldErrors; form: string | null };

export const NO_PROBLEMS: EventFormProblems = { fields: {}, form: null };

/** A form's text as the server sent it back (decision 036): known fields only, all text. */
export function eventFormValuesFrom(values: Record<string, string>): EventFormValues {
  const form = { ...EMPTY_EVENT_FORM };
  for (const field of EVENT_FORM_FIELDS) {
    const value = values[field];
    if (typeof value === 'string') form[field] = value;
  }
  return form;
}

/** Messages by field from schema issues or the server's `errors`; `form` is the whole form's. */
export function eventFormProblems(errors: Partial<Record<string, string>>): EventFormProblems {
  const { form, ...fields } = errors;
  const known: EventFieldErrors = {};
  for (const field of EVENT_FORM_FIELDS) {
    const message = fields[field];
    if (message) known[field] = message;
  }
  return { fields: known, form: form ?? null };
}

/**
 * A failed write: the fields a 400 or 422 names (its paths are the body's, 'repeat.until'), or
 * else what the API said about the whole request (a 409 duplicate with where the other one is,
 * a 429 with when to try again, a lost connection).
 */
export function apiEventFormProblems(error: unknown): EventFormProblems {
  if (!isApiError(error)) {
    return { fields: {}, form: 'Something went wrong. Please try again.' };
  }
  const issues = Object.entries(error.fieldErrors).flatMap(([path, messages]) =>
    messages[0] ? [{ path: path.split('.'), message: messages[0] }] : [],
  );
  const problems = eventFormProblems(eventFormErrors(issues));
  const hasFields = Object.keys(problems.fields).length > 0;
  if ((error.status === 400 || error.status === 422) && hasFields) return problems;
  return { fields: {}, form: error.message };
}
