import type { Event } from '@locals/contracts/events';
import { safeHttpUrl } from '@locals/contracts/safe-url';
import { CalendarPlus, ExternalLink, Globe, Navigation, Share2 } from 'lucide-react';
import { Button, buttonClassName } from '@/components/ui/button';
import { useCopyLink } from '@/components/ui/use-copy-link';
import { eventShareHref } from '../event-filters';
import { directionsHref } from '../event-text';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

function NewTabNote() {
  return (
    <>
      {' '}
      <span className="sr-only">(opens in a new tab)</span>
    </>
  );
}

/**
 * The event's buttons: Register for Event when booking is needed and there is a link, else Get
 * Directions; Visit Website when there is one; Share Event; and the event as a calendar file.
 */
export function EventLinks({ event, canShare }: { event: Event; canShare: boolean }) {
  const copyLink = useCopyLink();
  // Stored data may predate the import checks; only http(s) becomes a link (decision 029).
  const registrationLink = safeHttpUrl(event.registrationLink);
  const website = safeHttpUrl(event.website);
  const canRegister = event.registrationRequired && registrationLink !== null;
  // Decision 032: an example event is nowhere to go and nothing to book.
  const isReal = !event.isDemo;

  function share() {
    const url = new URL(eventShareHref(event.id), window.location.origin).href;
    void copyLink(url, 'Event link has been copied to clipboard.');
  }

  return (
    <div className="mb-6 flex flex-wrap gap-3">
      {isReal && canRegister && (
        <a href={registrationLink ?? undefined} {...NEW_TAB} className={buttonClassName()}>
          <ExternalLink aria-hidden="true" className="size-5" />
          Register for Event
          <NewTabNote />
        </a>
      )}
      {isReal && !canRegister && (
        <a href={directionsHref(event)} {...NEW_TAB} className={buttonClassName()}>
          <Navigation aria-hidden="true" className="size-5" />
          Get Directions <span className="sr-only">to {event.location.venue} on OpenStreetMap</span>
          <NewTabNote />
        </a>
      )}
      {website && (
        <a href={website} {...NEW_TAB} className={buttonClassName('secondary')}>
          <Globe aria-hidden="true" className="size-5" />
          Visit Website
          <NewTabNote />
        </a>
      )}
      {canShare && (
        <Button variant="secondary" onClick={share}>
          <Share2 aria-hidden="true" className="size-5" />
          Share Event
        </Button>
      )}
      {/* The API names the file; the browser saves it, or a phone offers to add it. */}
      <a
        href={`/api/events/${encodeURIComponent(event.id)}.ics`}
        download
        className={buttonClassName('secondary')}
      >
        <CalendarPlus aria-hidden="true" className="size-5" />
        Add to calendar
      </a>
    </div>
  );
}
