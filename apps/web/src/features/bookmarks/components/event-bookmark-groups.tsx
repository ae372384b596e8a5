import type { EventBookmark } from '@locals/contracts/bookmarks';
import { eventCategoryLabel } from '@locals/contracts/event-categories';
import { longDate } from '@/lib/long-date';
import { EventListItem } from './event-list-item';
import { OTHER_GROUP } from './group-by';
import { GroupedList } from './grouped-list';
import { RemoveBookmarkButton } from './remove-bookmark-button';
import { HeadedSection } from '@/components/ui/headed-section';

type EventBookmarkGroupsProps = {
  bookmarks: EventBookmark[];
  onOpenEvent: (eventId: string) => void;
  onRemoved: () => void;
};

function groupOf({ event }: EventBookmark): string {
  return (event && eventCategoryLabel(event.category)) ?? OTHER_GROUP;
}

/**
 * Events grouped by category with their title, date, time and venue. One its organiser
 * no longer lists (`event: null`) says so, in 'Other', and can still be removed.
 */
export function EventBookmarkGroups({
  bookmarks,
  onOpenEvent,
  onRemoved,
}: EventBookmarkGroupsProps) {
  return (
    <HeadedSection
      headingId="bookmarked-events"
      heading="Events"
      headingClassName="mb-4 text-3xl font-bold"
      className="mb-8 print:hidden"
    >
      <GroupedList
        items={bookmarks}
        groupOf={groupOf}
        keyOf={(bookmark) => bookmark.id}
        listClassName="space-y-3"
        renderItem={(bookmark) =>
          bookmark.event ? (
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
          )
        }
      />
    </HeadedSection>
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
