import type { Event } from '@locals/contracts/events';
import { eventFullDate } from '@/lib/event-dates';

/** Said before anything else in the details: nobody should travel to an event that is off. */
export function EventStatusNotice({
  event,
}: {
  event: Pick<Event, 'cancelled' | 'passed' | 'date' | 'dateCancelled' | 'recurrence'>;
}) {
  if (!event.cancelled && !event.passed && !event.dateCancelled) return null;
  return (
    <div className="mb-6 border-l-8 border-danger bg-danger-light p-4 text-lg">
      {event.cancelled ? (
        <p>
          <strong>Cancelled.</strong> The organiser has called this event off.
        </p>
      ) : event.passed ? (
        <p>
          <strong>This event has passed.</strong> Its last session was on{' '}
          {eventFullDate(event.date)}.
        </p>
      ) : (
        <p>
          <strong>Cancelled on {eventFullDate(event.date)}.</strong> The organiser has called off
          this date{event.recurrence ? '; its other dates go ahead unless marked cancelled' : ''}.
        </p>
      )}
    </div>
  );
}
