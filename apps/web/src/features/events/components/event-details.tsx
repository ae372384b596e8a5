import type { EventDetail } from '@locals/contracts/events';
import type { ReactNode } from 'react';
import { eventFullDate } from '@/lib/event-dates';
import { CancelledBadge, EventCategoryBadge, ExampleEventBadge } from './event-badges';
import { EventFacts } from './event-facts';
import { EventLinks } from './event-links';
import { EventSessions } from './event-sessions';
import { EventStatusNotice } from './event-status-notice';

/** What the details say under the title, and what a screen reader hears as they open. */
export function eventSummary(event: EventDetail): ReactNode {
  if (event.isDemo) {
    return <strong>This is an example event, not a real one. Do not go to it.</strong>;
  }
  return `Organised by ${event.organizer.name}`;
}

type EventDetailsProps = {
  event: EventDetail;
  /** The bookmark toggle, which needs an account: the page that shows the details adds it. */
  bookmark?: ReactNode;
  /** Share Event copies with a script: the page without one shares its own address instead. */
  canShare: boolean;
};

/** An event's details, in the dialog and, before the app takes over, in the page. */
export function EventDetails({ event, bookmark, canShare }: EventDetailsProps) {
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <EventCategoryBadge category={event.category} />
        {event.isDemo && <ExampleEventBadge />}
        {event.cancelled ? (
          <CancelledBadge />
        ) : (
          event.dateCancelled && <CancelledBadge on={eventFullDate(event.date)} />
        )}
      </div>
      {bookmark && <div className="mb-4">{bookmark}</div>}
      <EventStatusNotice event={event} />
      <p className="mb-6 max-w-prose text-lg whitespace-pre-line">{event.description}</p>
      <EventLinks event={event} canShare={canShare} />
      <EventFacts event={event} />
      <EventSessions sessions={event.upcoming} />
      <h3 className="mb-2 text-xl font-bold">Where this listing comes from</h3>
      <p className="max-w-prose">
        {event.provenance.sourceName ?? event.provenance.source}. Licence:{' '}
        {event.provenance.licence}.
      </p>
    </>
  );
}
