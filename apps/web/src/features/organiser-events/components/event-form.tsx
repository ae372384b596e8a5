import {
  EventSubmissionSchema,
  eventFormErrors,
  submissionFromForm,
} from '@locals/contracts/organiser-events';
import type {
  EventFormField,
  EventFormValues,
  EventSubmission,
} from '@locals/contracts/organiser-events';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary, ProblemBox } from '@/components/ui/error-summary';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { NO_PROBLEMS, eventFormProblems } from '../event-form-errors';
import type { EventFormProblems } from '../event-form-errors';
import { EVENT_FIELDS_IN_PAGE_ORDER, eventFieldId } from '../event-form-text';
import { EventFormFields } from './event-form-fields';
import { MessageWithLinks } from './message-with-links';

type EventFormProps = {
  /** The page's title, which says "Error:" first while the form shows problems (GOV.UK). */
  pageTitle: string;
  /** Where the form goes without JavaScript: the server reads it there (decision 036). */
  action: string;
  initialValues: EventFormValues;
  /** What the server found in the form sent without JavaScript, until the app sends it. */
  initialProblems?: EventFormProblems | undefined;
  /** What the API said about the last submission; none while one is being sent. */
  serverProblems: EventFormProblems;
  isSubmitting: boolean;
  submitLabel: string;
  /** The button's words while it sends: "Sending...". */
  busyLabel: string;
  /** Called with the checked event. */
  onSubmit: (event: EventSubmission) => void;
};

function hasAny(problems: EventFormProblems): boolean {
  return problems.form !== null || Object.keys(problems.fields).length > 0;
}

/**
 * An organiser's event (decision 038), checked in the browser with the API's own schema. Nothing
 * typed is lost whatever goes wrong: the values stay in the form.
 */
export function EventForm({
  pageTitle,
  action,
  initialValues,
  initialProblems = NO_PROBLEMS,
  serverProblems,
  isSubmitting,
  submitLabel,
  busyLabel,
  onSubmit,
}: EventFormProps) {
  const [values, setValues] = useState(initialValues);
  const [checked, setChecked] = useState(initialProblems);
  const [failedAttempt, setFailedAttempt] = useState(0);

  // The browser's own findings first; once they are fixed, what the server said.
  const problems = hasAny(checked) ? checked : serverProblems;
  const summary = EVENT_FIELDS_IN_PAGE_ORDER.flatMap((field) => {
    const message = problems.fields[field];
    return message ? [{ fieldId: eventFieldId(field), message }] : [];
  });
  useDocumentTitle(hasAny(problems) ? `Error: ${pageTitle}` : pageTitle);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const parsed = EventSubmissionSchema.safeParse(submissionFromForm(values));
    if (!parsed.success) {
      setChecked(eventFormProblems(eventFormErrors(parsed.error.issues)));
      setFailedAttempt((attempt) => attempt + 1);
      return;
    }
    setChecked(NO_PROBLEMS);
    onSubmit(parsed.data);
  }

  function change(field: EventFormField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  return (
    <form noValidate method="post" action={action} onSubmit={handleSubmit}>
      <ErrorSummary key={failedAttempt} errors={summary} />
      {problems.form && summary.length === 0 && (
        <ProblemBox titleId="event-form-problem-title" signature={problems.form}>
          <p className="text-lg">
            <MessageWithLinks message={problems.form} />
          </p>
          <p className="text-lg">Everything you typed is still here.</p>
        </ProblemBox>
      )}
      <EventFormFields values={values} errors={problems.fields} onChange={change} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
