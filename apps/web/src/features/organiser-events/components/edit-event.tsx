import { formFromSubmission } from '@locals/contracts/organiser-events';
import type { EventSubmission } from '@locals/contracts/organiser-events';
import { MY_EVENTS_PATH, editEventPath } from '@locals/contracts/page-forms';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { useSubmittedForm } from '@/lib/submitted-form';
import { useEditMyEvent } from '../api/edit-my-event';
import { useMyEvent } from '../api/my-event';
import {
  NO_PROBLEMS,
  apiEventFormProblems,
  eventFormProblems,
  eventFormValuesFrom,
} from '../event-form-errors';
import { EMPTY_EVENT_FORM } from '../event-form-text';
import { eventSentState } from '../event-sent-state';
import { EventForm } from './event-form';

const HEADING = 'mb-4 text-4xl font-extrabold sm:text-5xl';

function BackLink() {
  return (
    <p className="mb-2">
      <Link to={MY_EVENTS_PATH}>Back to your events</Link>
    </p>
  );
}

/** A page that says why the event cannot be changed here, and goes back to My events. */
function CannotEdit({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className={HEADING}>{title}</h1>
      <div className="mb-4 max-w-prose text-lg">{children}</div>
      <p className="text-lg">
        <Link to={MY_EVENTS_PATH}>Go to your events</Link>
      </p>
    </>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  useDocumentTitle('Edit your event');
  return (
    <div role="alert">
      <h1 className={HEADING}>We could not load your event</h1>
      <p className="mb-4 text-lg">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

/** An organiser changing one of their events (decision 038), with or without JavaScript. */
export function EditEvent({ id }: { id: string }) {
  const sent = useSubmittedForm('event');
  const eventQuery = useMyEvent(id);
  const edit = useEditMyEvent(id);
  const navigate = useNavigate();
  const status = isApiError(eventQuery.error) ? eventQuery.error.status : 0;

  if (status === 400 || status === 404) {
    return (
      <CannotEdit title="Event not found">
        <p>We could not find this event among the ones you added. It may have been deleted.</p>
      </CannotEdit>
    );
  }
  if (eventQuery.isError) {
    return (
      <LoadFailed message={eventQuery.error.message} onRetry={() => void eventQuery.refetch()} />
    );
  }
  const event = eventQuery.data?.data;
  // A form sent back by the server needs nothing more to show it again.
  if (!event && !sent) {
    return (
      <p role="status" className="text-lg">
        Loading your event...
      </p>
    );
  }
  if (event?.cancelled) {
    return (
      <CannotEdit title="This event is cancelled">
        <p>
          You cancelled {event.submission.title}, so it can no longer be changed. People who saved
          it can see it is cancelled.
        </p>
      </CannotEdit>
    );
  }

  function save(submission: EventSubmission) {
    edit.mutate(submission, {
      onSuccess: (answer) => void navigate(MY_EVENTS_PATH, { state: eventSentState(answer, true) }),
    });
  }

  const title = event?.submission.title ?? (sent?.values.title || 'your event');
  const initialValues = sent
    ? eventFormValuesFrom(sent.values)
    : event
      ? formFromSubmission(event.submission)
      : EMPTY_EVENT_FORM;
  return (
    <>
      <BackLink />
      <h1 className={HEADING}>Edit {title}</h1>
      <p className="mb-6 max-w-prose text-lg">
        If the event is published, your changes go back to us to check before they show on Locals,
        within 2 to 3 working days. At a verified listing you manage, they are live straight away.
      </p>
      <EventForm
        pageTitle={`Edit ${title}`}
        action={editEventPath(id)}
        initialValues={initialValues}
        initialProblems={sent ? eventFormProblems(sent.errors) : undefined}
        serverProblems={edit.isError ? apiEventFormProblems(edit.error) : NO_PROBLEMS}
        isSubmitting={edit.isPending || edit.isSuccess}
        submitLabel="Save changes"
        busyLabel="Saving..."
        onSubmit={save}
      />
    </>
  );
}
