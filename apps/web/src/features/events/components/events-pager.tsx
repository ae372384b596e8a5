import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';

/** History state of a Previous or Next page link: the new page's heading takes focus. */
const PAGED = { pagedEvents: true };

export function wasPaged(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'pagedEvents' in state;
}

type EventsPagerProps = {
  page: number;
  pageCount: number;
  previousHref: string | null;
  nextHref: string | null;
};

/** Links, not buttons, so paging works without JavaScript (decision 018). */
export function EventsPager({ page, pageCount, previousHref, nextHref }: EventsPagerProps) {
  if (!previousHref && !nextHref) return null;
  return (
    <nav aria-label="Pages of events" className="mt-8 flex flex-wrap items-center gap-4">
      {previousHref && (
        <Link to={previousHref} rel="prev" state={PAGED} className={buttonClassName('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Previous page
        </Link>
      )}
      <p className="text-lg">
        Page {page} of {pageCount}
      </p>
      {nextHref && (
        <Link to={nextHref} rel="next" state={PAGED} className={buttonClassName('secondary')}>
          Next page
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      )}
    </nav>
  );
}
