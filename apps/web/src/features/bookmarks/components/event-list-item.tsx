import type { Event } from '@locals/contracts/events';
import { CalendarDays, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { eventCardDate, eventTimeText } from '@/lib/event-dates';
import { ListItemCard } from './list-item-card';

type EventListItemProps = {
  event: Event;
  onOpen: (eventId: string) => void;
  /** A control beside the details, such as the remove button. */
  action: ReactNode;
};

/** What has become of the event, said first: a saved event never just vanishes. */
function EventState({ event }: { event: Event }) {
  if (event.cancelled) {
    return (
      <p>
        <strong className="rounded bg-danger px-2 py-0.5 text-white">Cancelled</strong>
      </p>
    );
  }
  if (event.dateCancelled) {
    return (
      <p>
        <strong className="rounded bg-danger px-2 py-0.5 text-white">
          Cancelled on {eventCardDate(event.date)}
        </strong>{' '}
        The organiser has called off this date; open it for the other dates.
      </p>
    );
  }
  if (event.passed) {
    return (
      <p className="font-bold">
        This event has passed. Its last session was on {eventCardDate(event.date)}.
      </p>
    );
  }
  return null;
}

/** One saved event: its title, date, time and venue, and whether it is still on. */
export function EventListItem({ event, onOpen, action }: EventListItemProps) {
  return (
    <ListItemCard
      title={event.title}
      headingLevel={4}
      onOpen={() => onOpen(event.id)}
      action={action}
    >
      <EventState event={event} />
      <p className="flex items-start gap-2">
        <CalendarDays aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <span>
          <time dateTime={event.date}>{eventCardDate(event.date)}</time>, {eventTimeText(event)}
        </span>
      </p>
      <p className="flex items-start gap-2">
        <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0" />
        {[event.location.venue, event.location.postcode].filter(Boolean).join(', ')}
      </p>
    </ListItemCard>
  );
}
