import type { Occurrence } from '@locals/contracts/events';
import { eventFullDate, eventTimeText } from '@/lib/event-dates';
import { CancelledBadge } from './event-badges';

type EventSessionsProps = { sessions: Occurrence[] };

/**
 * The sessions still to come, soonest first, as GET /api/events/{id} lists them: a date its
 * organiser called off stays in the list, marked, so nobody reads its absence as a mistake.
 */
export function EventSessions({ sessions }: EventSessionsProps) {
  if (sessions.length < 2) return null;
  return (
    <>
      <h3 className="mb-2 text-xl font-bold">Upcoming sessions</h3>
      <ul className="mb-6 list-disc space-y-1 pl-5">
        {sessions.map((session) => (
          <li key={session.startsAt}>
            <time dateTime={session.date}>{eventFullDate(session.date)}</time>,{' '}
            {eventTimeText(session)}
            {session.dateCancelled && (
              <>
                {' '}
                <CancelledBadge />
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
