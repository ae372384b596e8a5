import type { SubmittedEvent } from '@locals/contracts/organiser-events';
import { editEventPath } from '@locals/contracts/page-forms';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { eventFullDate, eventTimeText } from '@/lib/event-dates';
import { useCancelMyEvent } from '../api/cancel-my-event';
import { useDeleteMyEvent } from '../api/delete-my-event';
import { ConfirmAction, succeeded } from './confirm-action';
import { EventStatusTag } from './event-status-tag';
import { UpcomingDates } from './upcoming-dates';

/** What an action did, said in the list's status message, and where focus goes after it. */
export type Notice = { text: string; focusId: string };

type MyEventItemProps = {
  event: SubmittedEvent;
  onNotice: (notice: Notice) => void;
  /** After the event is deleted, and gone from the list. */
  onDeleted: (title: string) => void;
};

const headingId = (id: string) => `my-event-${id}`;

/** What happens next, for an event waiting or turned down. */
function NextStep({ event }: { event: SubmittedEvent }) {
  if (event.cancelled) return null;
  if (event.status === 'pending') {
    return <p className="mb-3">We will check it within 2 to 3 working days.</p>;
  }
  if (event.status === 'refused') {
    return (
      <div className="mb-3 border-l-4 border-danger pl-3">
        <p className="font-bold">Why it was not published</p>
        <p className="whitespace-pre-line">{event.refusalReason ?? 'We did not give a reason.'}</p>
      </div>
    );
  }
  return null;
}

/** One event the person submitted: where it stands, and what they can do with it. */
export function MyEventItem({ event, onNotice, onDeleted }: MyEventItemProps) {
  const cancelEvent = useCancelMyEvent(event.id);
  const deleteEvent = useDeleteMyEvent(event.id);
  const { submission } = event;
  const isLive = event.status === 'published' && !event.cancelled;

  return (
    <li className="rounded border-2 border-line p-4">
      <article aria-labelledby={headingId(event.id)}>
        <h2 id={headingId(event.id)} tabIndex={-1} className="mb-2 text-2xl font-bold">
          {submission.title}
        </h2>
        <p className="mb-3">
          <EventStatusTag event={event} />
        </p>
        <dl className="mb-3 grid gap-x-4 sm:grid-cols-[max-content_1fr]">
          <dt className="font-bold">{event.recurrence ? 'First date' : 'Date'}</dt>
          <dd>
            {eventFullDate(submission.date)},{' '}
            {eventTimeText({
              time: submission.startTime ?? null,
              endTime: submission.endTime ?? null,
              allDay: submission.allDay,
            })}
          </dd>
          {event.recurrence && (
            <>
              <dt className="font-bold">Repeats</dt>
              <dd>{event.recurrence}</dd>
            </>
          )}
          <dt className="font-bold">Venue</dt>
          <dd>
            {submission.venue}, {submission.postcode}
          </dd>
        </dl>
        <NextStep event={event} />
        {isLive && <UpcomingDates event={event} onNotice={onNotice} />}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          {!event.cancelled && (
            <Link to={editEventPath(event.id)} className="text-lg font-bold">
              Edit <span className="sr-only">{submission.title}</span>
            </Link>
          )}
          {event.status === 'published' && (
            <Link
              to={`${paths.events}?eventId=${encodeURIComponent(event.id)}`}
              className="text-lg"
            >
              View <span className="sr-only">{submission.title}</span> on Locals
            </Link>
          )}
          {event.status === 'published' && (
            <ConfirmAction
              isSettled={event.cancelled}
              question={`Cancel ${submission.title}?`}
              consequence="Every date still to come stays on Locals marked as cancelled, and people who saved the event are told. You cannot undo this."
              confirmLabel="Yes, cancel the whole event"
              busyLabel="Cancelling..."
              keepLabel="No, keep it"
              isBusy={cancelEvent.isPending}
              failure={cancelEvent.isError ? cancelEvent.error.message : null}
              onOpen={() => cancelEvent.reset()}
              onConfirm={() => succeeded(cancelEvent.mutateAsync())}
              onDone={() =>
                onNotice({
                  text: `${submission.title} is cancelled.`,
                  focusId: headingId(event.id),
                })
              }
            >
              Cancel the whole event <span className="sr-only">{submission.title}</span>
            </ConfirmAction>
          )}
          {event.status !== 'published' && (
            <ConfirmAction
              question={`Delete ${submission.title}?`}
              consequence="It was never published, so nobody else has seen it. You cannot undo this."
              confirmLabel="Yes, delete it"
              busyLabel="Deleting..."
              keepLabel="No, keep it"
              isBusy={deleteEvent.isPending}
              failure={deleteEvent.isError ? deleteEvent.error.message : null}
              onOpen={() => deleteEvent.reset()}
              onConfirm={() => succeeded(deleteEvent.mutateAsync())}
              onDone={() => onDeleted(submission.title)}
            >
              Delete <span className="sr-only">{submission.title}</span>
            </ConfirmAction>
          )}
        </div>
      </article>
    </li>
  );
}
