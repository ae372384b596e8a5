import { MY_EVENTS_PATH, NEW_EVENT_PATH } from '@locals/contracts/page-forms';
import type { EventSubmission } from '@locals/contracts/organiser-events';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useSubmittedForm } from '@/lib/submitted-form';
import { useSubmitEvent } from '../api/submit-event';
import {
  NO_PROBLEMS,
  apiEventFormProblems,
  eventFormProblems,
  eventFormValuesFrom,
} from '../event-form-errors';
import { EMPTY_EVENT_FORM } from '../event-form-text';
import { eventSentState } from '../event-sent-state';
import { EventForm } from './event-form';

/**
 * A new event, sent through the API with JavaScript and as a plain form without it (decision
 * 036): the server then answers with My events, or this page again with what was typed.
 */
export function NewEvent() {
  const sent = useSubmittedForm('event');
  const submit = useSubmitEvent();
  const navigate = useNavigate();
  // One key per submission: sending the same event again after a failure is a retry of it.
  const submission = useRef<{ fields: string; key: string } | null>(null);

  function send(event: EventSubmission) {
    const fields = JSON.stringify(event);
    if (submission.current?.fields !== fields) {
      submission.current = { fields, key: newIdempotencyKey() };
    }
    submit.mutate(
      { event, idempotencyKey: submission.current.key },
      {
        onSuccess: (answer) =>
          void navigate(MY_EVENTS_PATH, { state: eventSentState(answer, false) }),
      },
    );
  }

  return (
    <>
      <p className="mb-2">
        <Link to={MY_EVENTS_PATH}>Back to your events</Link>
      </p>
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Add an event</h1>
      <div className="mb-6 max-w-prose space-y-2 text-lg">
        <p>
          Tell people nearby about a community event you run, such as a coffee morning, a food stall
          or a walking group.
        </p>
        <p>
          We check every event before it goes on Locals, within 2 to 3 working days. An event at a
          verified listing you manage is published straight away.
        </p>
      </div>
      <EventForm
        pageTitle="Add an event"
        action={NEW_EVENT_PATH}
        initialValues={sent ? eventFormValuesFrom(sent.values) : EMPTY_EVENT_FORM}
        initialProblems={sent ? eventFormProblems(sent.errors) : undefined}
        serverProblems={submit.isError ? apiEventFormProblems(submit.error) : NO_PROBLEMS}
        // Still busy after success: the page is on its way to My events.
        isSubmitting={submit.isPending || submit.isSuccess}
        submitLabel="Send event"
        busyLabel="Sending..."
        onSubmit={send}
      />
    </>
  );
}
