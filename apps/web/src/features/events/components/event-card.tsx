import type { Event } from '@locals/contracts/events';
import { CalendarDays, Clock, MapPin, Repeat } from 'lucide-react';
import { useId } from 'react';
import type { MouseEvent } from 'react';
import { eventCardDate, eventTimeText } from '@/lib/event-dates';
import { EVENT_DETAIL_ANCHOR } from '../event-detail-anchor';
import { milesAway, registrationText, venueWithPostcode } from '../event-text';
import { CancelledBadge, EventCategoryBadge, ExampleEventBadge } from './event-badges';

type EventCardProps = {
  event: Event;
  /** These events with this one open: the title's link, which works without JavaScript. */
  detailHref: string;
  onOpen: (eventId: string) => void;
};

function isPlainClick(event: MouseEvent) {
  return !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0);
}

/** An event's card. The title's link covers the card, so a tap anywhere on it opens the event. */
export function EventCard({ event, detailHref, onOpen }: EventCardProps) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="relative flex h-full flex-col rounded border-2 border-line bg-white p-4 hover:border-ink"
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <EventCategoryBadge category={event.category} />
        {event.isDemo && <ExampleEventBadge />}
        {event.cancelled ? (
          <CancelledBadge />
        ) : (
          event.dateCancelled && <CancelledBadge on={eventCardDate(event.date)} />
        )}
      </div>
      <h3 id={headingId} className="mb-2 text-xl font-bold">
        <a
          href={`${detailHref}#${EVENT_DETAIL_ANCHOR}`}
          aria-haspopup="dialog"
          className="after:absolute after:inset-0 after:content-['']"
          onClick={(click) => {
            if (!isPlainClick(click)) return;
            click.preventDefault();
            onOpen(event.id);
          }}
        >
          {event.title}
        </a>
      </h3>
      <p className="mb-3 line-clamp-3">{event.description}</p>
      <ul className="mt-auto space-y-1">
        <li className="flex items-start gap-2">
          <CalendarDays aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <time dateTime={event.date}>{eventCardDate(event.date)}</time>
        </li>
        <li className="flex items-start gap-2">
          <Clock aria-hidden="true" className="mt-1 size-5 shrink-0" />
          {eventTimeText(event)}
        </li>
        {event.recurrence && (
          <li className="flex items-start gap-2">
            <Repeat aria-hidden="true" className="mt-1 size-5 shrink-0" />
            {event.recurrence}
          </li>
        )}
        <li className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <span>
            {venueWithPostcode(event)}
            {event.distanceMiles !== null && (
              <span className="block font-bold">{milesAway(event.distanceMiles)}</span>
            )}
          </span>
        </li>
      </ul>
      <p className="mt-3 font-bold">{registrationText(event.registrationRequired)}</p>
    </article>
  );
}
