import type { EventDetail } from '@locals/contracts/events';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { DetailBookmarkButton } from '@/app/service-listing/detail-bookmark-button';
import { DetailDialog, DetailInPage } from '@/components/ui/detail-dialog';
import { useEvent } from '@/features/events/api/get-event';
import { EventDetails, eventSummary } from '@/features/events/components/event-details';
import { EVENT_DETAIL_ANCHOR } from '@/features/events/event-detail-anchor';
import { analytics } from '@/lib/analytics';
import { EventUnavailable, eventUnavailableText } from './event-unavailable';

type EventDetailDialogProps = {
  eventId: string;
  /**
   * The events without this one open, where a reader without JavaScript goes back to; pages
   * that need JavaScript anyway (bookmarks) leave it out.
   */
  closeHref?: string;
  onClose: () => void;
};

function headingText(
  event: EventDetail | undefined,
  error: Error | null,
): { title: string; description: ReactNode } {
  if (event) return { title: event.title, description: eventSummary(event) };
  if (error) {
    const { title, message } = eventUnavailableText(error);
    // Inserted when the request fails, so it is announced.
    return { title, description: <span role="alert">{message}</span> };
  }
  return { title: 'Loading event details...', description: 'Event details' };
}

/**
 * The details as part of the page the server renders (decision 018), for a browser without
 * JavaScript (the dialog needs scripts to open) and until the app has taken over the page.
 */
function EventDetailInPage({ event, closeHref }: { event: EventDetail; closeHref: string }) {
  return (
    <DetailInPage
      id={EVENT_DETAIL_ANCHOR}
      headingId="event-detail-heading"
      title={event.title}
      closeHref={closeHref}
      closeText="Back to the events"
    >
      <p className="mb-4 text-lg">{eventSummary(event)}</p>
      <EventDetails event={event} canShare={false} />
    </DetailInPage>
  );
}

/** The event dialog, over /events or /bookmarks. Escape and Close call `onClose`. */
export function EventDetailDialog({ eventId, closeHref, onClose }: EventDetailDialogProps) {
  const { data: event, isPending, isError, error, refetch } = useEvent(eventId);

  // Reacting to the query's outcome, not deriving state: an analytics event.
  useEffect(() => {
    if (event) analytics.track('view_item', { item_id: event.id, item_name: event.title });
  }, [event]);

  const { title, description } = headingText(event, error);
  return (
    <DetailDialog
      title={title}
      description={description}
      onClose={onClose}
      inPage={event && closeHref && <EventDetailInPage event={event} closeHref={closeHref} />}
    >
      {isPending && <p role="status">Loading event details...</p>}
      {isError && <EventUnavailable error={error} onTryAgain={() => void refetch()} />}
      {event && (
        <EventDetails
          event={event}
          canShare
          bookmark={<DetailBookmarkButton target={{ type: 'event', id: event.id }} />}
        />
      )}
    </DetailDialog>
  );
}
