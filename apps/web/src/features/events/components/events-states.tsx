import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { HeadedSection } from '@/components/ui/headed-section';

type EventsFailedProps = { message: string | undefined; onTryAgain: () => void };

/** The "failed" state: 'Failed to Load Events', the error (or 'Unknown error') and Try Again. */
export function EventsFailed({ message, onTryAgain }: EventsFailedProps) {
  return (
    <HeadedSection
      headingId="events-failed-heading"
      heading="Failed to Load Events"
      headingClassName="mb-2 text-3xl font-bold"
      className="max-w-prose"
    >
      <p role="alert" className="mb-4 text-lg">
        {message ? `Error: ${message}` : 'Unknown error'}
      </p>
      <Button onClick={onTryAgain}>Try Again</Button>
    </HeadedSection>
  );
}

/** The "empty" state; past the last page (an old link), a way back to the first. */
export function NoEvents({ firstPageHref }: { firstPageHref: string | null }) {
  return (
    <HeadedSection
      headingId="no-events-heading"
      heading="No events found"
      headingClassName="mb-2 text-3xl font-bold"
      className="max-w-prose"
    >
      <p className="text-lg">
        Try adjusting your filters or search criteria to find more events in your area.
      </p>
      {firstPageHref && (
        <p className="mt-4 text-lg">
          <Link to={firstPageHref}>Go to the first page of these events</Link>
        </p>
      )}
    </HeadedSection>
  );
}
