import type { EventBookmark } from '@locals/contracts/bookmarks';
import { eventCategoryLabel } from '@locals/contracts/event-categories';
import { useId } from 'react';
import { longDate } from '@/lib/long-date';
import { EventListItem } from './event-list-item';
import { OTHER_GROUP, groupBy } from './group-by';
import { RemoveBookmarkButton } from './remove-bookmark-button';

type EventBookmarkGroupsProps = {
  bookmarks: EventBookmark[];
  onOpenEvent: (eventId: string) => void;
  onRemoved: () => void;
};

function groupOf({ event }: EventBookmark): string {
  return (event && eventCategoryLabel(event.category)) ?? OTHER_GROUP;
}

/**
 * Spec 2: events grouped by category with their title, date, time and venue. One its organiser
 * no longer lists (`event: null`) says so, in 'Other', and can still be removed.
 */
export function EventBookmarkGroups({
  bookmarks,
  onOpenEvent,
  onRemoved,
}: EventBookmarkGroupsProps) {
  const idPrefix = useId();
  const groups = groupBy(bookmarks, groupOf);
  return (
    <section aria-labelledby="bookmarked-events" className="mb-8 print:hidden">
      <h2 id="bookmarked-events" className="mb-4 text-3xl font-bold">
        Events
      </h2>
      {groups.map(([group, items], index) => (
        <section key={group} aria-labelledby={`${idPrefix}-${index}`} className="mb-6">
          <h3 id={`${idPrefix}-${index}`} className="mb-3 text-2xl font-bold">
            {group}
          </h3>
          <ul className="space-y-3">
            {items.map((bookmark) => (
              <li key={bookmark.id}>
                {bookmark.event ? (
                  <EventListItem
                    event={bookmark.event}
                    onOpen={onOpenEvent}
                    action={
                      <RemoveBookmarkButton
                        type="event"
                        id={bookmark.eventId}
                        name={bookmark.event.title}
                        onRemoved={onRemoved}
                      />
                    }
                  />
                ) : (
                  <UnlistedEvent bookmark={bookmark} onRemoved={onRemoved} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function UnlistedEvent({
  bookmark,
  onRemoved,
}: {
  bookmark: EventBookmark;
  onRemoved: () => void;
}) {
  const saved = longDate(bookmark.createdAt);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded border-2 border-line p-4">
      <p>
        This event is no longer listed by its organiser.{' '}
        <span className="text-muted">You saved it on {saved}.</span>
      </p>
      <RemoveBookmarkButton
        type="event"
        id={bookmark.eventId}
        name={`the event saved on ${saved}`}
        onRemoved={onRemoved}
      />
    </div>
  );
}
