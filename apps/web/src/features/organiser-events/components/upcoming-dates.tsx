import type { SubmittedEvent } from '@locals/contracts/organiser-events';
import { eventFullDate } from '@/lib/event-dates';
import { useCancelMyEventDate } from '../api/cancel-my-event-date';
import { ConfirmAction, succeeded } from './confirm-action';
import type { Notice } from './my-event-item';

type UpcomingDatesProps = {
  event: SubmittedEvent;
  onNotice: (notice: Notice) => void;
};

/** More dates than this are folded away behind their count. */
const FOLD_AFTER = 6;

const dateRowId = (eventId: string, date: string) => `my-event-${eventId}-date-${date}`;

/** A published event's dates still to come, each of which can be called off on its own. */
export function UpcomingDates({ event, onNotice }: UpcomingDatesProps) {
  const cancelDate = useCancelMyEventDate(event.id);
  const upcoming = event.dates.filter((date) => !date.passed);
  if (upcoming.length === 0) return <p className="mb-3">It has no dates still to come.</p>;

  const list = (
    <ul className="mb-3 divide-y-2 divide-line border-y-2 border-line">
      {upcoming.map(({ date, cancelled }) => {
        const day = eventFullDate(date);
        return (
          <li
            key={date}
            id={dateRowId(event.id, date)}
            tabIndex={-1}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
          >
            <span className="text-lg">{day}</span>
            {cancelled && <strong>Cancelled</strong>}
            <ConfirmAction
              isSettled={cancelled}
              question={`Cancel ${event.submission.title} on ${day}?`}
              consequence="The date stays on Locals marked as cancelled, so people who planned to go know it is off. You cannot undo this."
              confirmLabel="Yes, cancel this date"
              busyLabel="Cancelling..."
              keepLabel="No, keep it"
              isBusy={cancelDate.isPending}
              failure={cancelDate.isError ? cancelDate.error.message : null}
              onOpen={() => cancelDate.reset()}
              onConfirm={() => succeeded(cancelDate.mutateAsync(date))}
              onDone={() =>
                onNotice({
                  text: `${day} of ${event.submission.title} is cancelled.`,
                  focusId: dateRowId(event.id, date),
                })
              }
            >
              Cancel this date <span className="sr-only">on {day}</span>
            </ConfirmAction>
          </li>
        );
      })}
    </ul>
  );

  if (upcoming.length <= FOLD_AFTER) {
    return (
      <>
        <h3 className="mb-2 text-xl font-bold">Dates to come</h3>
        {list}
      </>
    );
  }
  return (
    <details className="mb-3">
      <summary className="mb-2 cursor-pointer text-xl font-bold">
        Dates to come ({upcoming.length})
      </summary>
      {list}
    </details>
  );
}
