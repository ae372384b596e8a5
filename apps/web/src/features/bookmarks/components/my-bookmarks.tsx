import type { EventBookmark, ServiceBookmark } from '@locals/contracts/bookmarks';
import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useBookmarks } from '../api/bookmarks';
import { BookmarksFailed, BookmarksLoading, NoBookmarks } from './bookmarks-states';
import { EventBookmarkGroups } from './event-bookmark-groups';
import { ServiceBookmarkGroups } from './service-bookmark-groups';
import { ShareListPanel } from './share-list-panel';

type MyBookmarksProps = {
  onOpenService: (serviceId: string) => void;
  onOpenEvent: (eventId: string) => void;
  /** Called after a bookmark is removed, so the page can put focus somewhere sensible. */
  onRemoved: () => void;
};

/** The signed-in person's bookmarks: services by type, events, printing and sharing. */
export function MyBookmarks({ onOpenService, onOpenEvent, onRemoved }: MyBookmarksProps) {
  const bookmarksQuery = useBookmarks();
  if (bookmarksQuery.isPending) return <BookmarksLoading />;
  if (bookmarksQuery.isError) {
    return (
      <BookmarksFailed
        message={bookmarksQuery.error.message}
        onTryAgain={() => void bookmarksQuery.refetch()}
      />
    );
  }

  const { bookmarks } = bookmarksQuery.data;
  const services = bookmarks.filter((b): b is ServiceBookmark => b.type === 'service');
  const events = bookmarks.filter((b): b is EventBookmark => b.type === 'event');
  if (bookmarks.length === 0) {
    return (
      <>
        <NoBookmarks />
        <ShareListPanel canCreate={false} />
      </>
    );
  }
  return (
    <>
      {services.length > 0 && (
        <>
          <div className="mb-6 print:hidden">
            <Button variant="secondary" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-5" />
              Print my list
            </Button>
          </div>
          <ServiceBookmarkGroups
            bookmarks={services}
            onOpenService={onOpenService}
            onRemoved={onRemoved}
          />
        </>
      )}
      {events.length > 0 && (
        <EventBookmarkGroups bookmarks={events} onOpenEvent={onOpenEvent} onRemoved={onRemoved} />
      )}
      <ShareListPanel canCreate={services.length > 0} />
    </>
  );
}
