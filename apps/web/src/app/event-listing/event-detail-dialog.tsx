import type { EventDetail } from '@locals/contracts/events';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { DetailBookmarkButton } from '@/app/service-listing/detail-bookmark-button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useEvent } from '@/features/events/api/get-event';
import { EventDetails, eventSummary } from '@/features/events/components/event-details';
import { EVENT_DETAIL_ANCHOR } from '@/features/events/event-detail-anchor';
import { useIsHydratedInBackground } from '@/hooks/use-is-hydrated';
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
 * The details as part of the page the server renders (issue 13), for a browser without
 * JavaScript (the dialog needs scripts to open) and until the app has taken over the page.
 */
function EventDetailInPage({ event, closeHref }: { event: EventDetail; closeHref: string }) {
  return (
    <section
      id={EVENT_DETAIL_ANCHOR}
      aria-labelledby="event-detail-heading"
      className="mt-8 rounded border-4 border-brand bg-white p-4"
    >
      <h2 id="event-detail-heading" className="mb-2 text-3xl font-extrabold">
        {event.title}
      </h2>
      <p className="mb-4 text-lg">{eventSummary(event)}</p>
      <EventDetails event={event} canShare={false} />
      <p className="mt-4 text-lg">
        <a href={closeHref}>Back to the events</a>
      </p>
    </section>
  );
}

/** Spec 2's event dialog, over /events or /bookmarks. Escape and Close call `onClose`. */
export function EventDetailDialog({ eventId, closeHref, onClose }: EventDetailDialogProps) {
  const { data: event, isPending, isError, error, refetch } = useEvent(eventId);
  // Opened with the page, the dialog's body replaces the details in the page in a background
  // render after the page is taken over: in short slices, not one long task on a slow phone.
  const isHydrated = useIsHydratedInBackground();

  // Reacting to the query's outcome, not deriving state: an analytics event.
  useEffect(() => {
    if (event) analytics.track('view_item', { item_id: event.id, item_name: event.title });
  }, [event]);

  const { title, description } = headingText(event, error);
  return (
    <>
      {!isHydrated && event && closeHref && (
        <EventDetailInPage event={event} closeHref={closeHref} />
      )}
      <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
        <DialogContent size="large" title={title} description={description}>
          {isHydrated && (
            <>
              {isPending && <p role="status">Loading event details...</p>}
              {isError && <EventUnavailable error={error} onTryAgain={() => void refetch()} />}
              {event && (
                <EventDetails
                  event={event}
                  canShare
                  bookmark={<DetailBookmarkButton target={{ type: 'event', id: event.id }} />}
                />
              )}
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
