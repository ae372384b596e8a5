import type { Event } from '@locals/contracts/events';
import type { ReactNode } from 'react';
import { eventFullDate, eventTimeText } from '@/lib/event-dates';
import { milesAway, registrationText, telHref } from '../event-text';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-b border-line py-2 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-bold">{label}</dt>
      <dd className="whitespace-pre-line">{children}</dd>
    </div>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <ul className="list-disc pl-5">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** An event's facts; the organiser's email and phone only when given. */
export function EventFacts({ event }: { event: Event }) {
  const { location, organizer } = event;
  return (
    <dl className="mb-6">
      <Fact label="Date">
        <time dateTime={event.date}>{eventFullDate(event.date)}</time>
      </Fact>
      <Fact label="Time">{eventTimeText(event)}</Fact>
      {event.recurrence && <Fact label="Repeats">{event.recurrence}</Fact>}
      <Fact label="Registration">{registrationText(event.registrationRequired)}</Fact>
      <Fact label="Venue">{location.venue}</Fact>
      <Fact label="Address">{location.address}</Fact>
      <Fact label="Postcode">{location.postcode}</Fact>
      {event.distanceMiles !== null && (
        <Fact label="Distance">{milesAway(event.distanceMiles)}</Fact>
      )}
      <Fact label="Organiser">{organizer.name}</Fact>
      {organizer.email && (
        <Fact label="Email">
          <a href={`mailto:${organizer.email}`}>{organizer.email}</a>
        </Fact>
      )}
      {organizer.phone && (
        <Fact label="Phone">
          <a href={telHref(organizer.phone)}>{organizer.phone}</a>
        </Fact>
      )}
      <Fact label="Accessibility">
        {event.accessibility.length > 0 ? (
          <List items={event.accessibility} />
        ) : (
          'Not given. Ask the organiser.'
        )}
      </Fact>
      {event.tags.length > 0 && (
        <Fact label="Tags">
          <List items={event.tags} />
        </Fact>
      )}
    </dl>
  );
}
