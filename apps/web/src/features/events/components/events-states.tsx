import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

type EventsFailedProps = { message: string | undefined; onTryAgain: () => void };

/** Spec 2 "failed": 'Failed to Load Events', the error (or 'Unknown error') and Try Again. */
export function EventsFailed({ message, onTryAgain }: EventsFailedProps) {
  return (
    <section aria-labelledby="events-failed-heading" className="max-w-prose">
      <h2 id="events-failed-heading" className="mb-2 text-3xl font-bold">
        Failed to Load Events
      </h2>
      <p role="alert" className="mb-4 text-lg">
        {message ? `Error: ${message}` : 'Unknown error'}
      </p>
      <Button onClick={onTryAgain}>Try Again</Button>
    </section>
  );
}

/** Spec 2 "empty"; past the last page (an old link), a way back to the first. */
export function NoEvents({ firstPageHref }: { firstPageHref: string | null }) {
  return (
    <section aria-labelledby="no-events-heading" className="max-w-prose">
      <h2 id="no-events-heading" className="mb-2 text-3xl font-bold">
        No events found
      </h2>
      <p className="text-lg">
        Try adjusting your filters or search criteria to find more events in your area.
      </p>
      {firstPageHref && (
        <p className="mt-4 text-lg">
          <Link to={firstPageHref}>Go to the first page of these events</Link>
        </p>
      )}
    </section>
  );
}
