import type { EventBookmark } from '@locals/contracts/bookmarks';
import { OTHER_GROUP, groupBy } from './group-by';
import { RemoveBookmarkButton } from './remove-bookmark-button';

type EventBookmarkGroupsProps = { bookmarks: EventBookmark[]; onRemoved: () => void };

/**
 * Spec 2 groups events by category with their title, date, time and venue. Events have no
 * table yet (the answer carries `event: null`), so every event falls in 'Other' and says so
 * plainly, while it can still be removed.
 */
export function EventBookmarkGroups({ bookmarks, onRemoved }: EventBookmarkGroupsProps) {
  const groups = groupBy(bookmarks, () => OTHER_GROUP);
  return (
    <section aria-labelledby="bookmarked-events" className="mb-8 print:hidden">
      <h2 id="bookmarked-events" className="mb-4 text-3xl font-bold">
        Events
      </h2>
      {groups.map(([group, items]) => (
        <div key={group} className="mb-6">
          <h3 className="mb-3 text-2xl font-bold">{group}</h3>
          <ul className="space-y-3">
            {items.map((bookmark) => (
              <li
                key={bookmark.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded border-2 border-line p-4"
              >
                <p>Event details are not available yet.</p>
                <RemoveBookmarkButton
                  type="event"
                  id={bookmark.eventId}
                  name={`event ${bookmark.eventId}`}
                  onRemoved={onRemoved}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
