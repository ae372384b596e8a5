import type { EventsResponse } from '@locals/contracts/events';
import { CalendarPlus } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { HydrateInTurn } from '@/components/hydrate-in-turn';
import { eventLinkHref, eventsCalendarHref, eventsHref } from '../event-filters';
import type { EventFilters } from '../event-filters';
import { EventCard } from './event-card';
import { EventsPager } from './events-pager';

export const EVENTS_FOUND_HEADING_ID = 'events-found';

type EventsCountProps = {
  totalCount: number;
  /** After Previous or Next page: focus moves here, as the link pressed is gone. */
  isPaged: boolean;
};

/** '12 events': inside the page's status region, so it is announced when a search ends. */
export function EventsCount({ totalCount, isPaged }: EventsCountProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Before the browser paints the new page, so the heading has focus when it is seen.
  useLayoutEffect(() => {
    if (isPaged) headingRef.current?.focus();
  }, [isPaged]);
  return (
    <h2
      ref={headingRef}
      id={EVENTS_FOUND_HEADING_ID}
      tabIndex={-1}
      className="text-3xl font-bold focus:outline-3 focus:outline-focus"
    >
      {totalCount} {totalCount === 1 ? 'event' : 'events'}
    </h2>
  );
}

type EventListProps = {
  response: EventsResponse;
  filters: EventFilters;
  onOpen: (eventId: string) => void;
};

export function EventList({ response, filters, onOpen }: EventListProps) {
  const { events, totalCount, page, pageSize, hasMore } = response;
  const first = (page - 1) * pageSize + 1;
  const pageCount = Math.max(page, Math.ceil(totalCount / pageSize));
  return (
    <section aria-labelledby={EVENTS_FOUND_HEADING_ID}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        {pageCount > 1 && (
          <p className="text-lg">
            Showing {first} to {first + events.length - 1} of {totalCount}
          </p>
        )}
        {/* A feed a phone's calendar can subscribe to: the same filters, every page. */}
        <a href={eventsCalendarHref(filters)} className="inline-flex items-center gap-2 text-lg">
          <CalendarPlus aria-hidden="true" className="size-5" />
          Subscribe to these events <span className="sr-only">(a calendar feed)</span>
        </a>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {events.map((event) => (
          <li key={event.id}>
            {/* One card a task, as on /results: no long task taking the page over
                (decision 034). */}
            <HydrateInTurn>
              <EventCard
                event={event}
                detailHref={eventLinkHref(filters, event.id)}
                onOpen={onOpen}
              />
            </HydrateInTurn>
          </li>
        ))}
      </ul>
      <EventsPager
        page={page}
        pageCount={pageCount}
        previousHref={page > 1 ? eventsHref(filters, page - 1) : null}
        nextHref={hasMore ? eventsHref(filters, page + 1) : null}
      />
    </section>
  );
}
