import { buttonClassName } from '@/components/ui/button';
import { useInfiniteScroll } from '../use-infinite-scroll';

type ResultsFooterProps = {
  pageCount: number;
  totalResults: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isNextPageError: boolean;
  /** These results with one more page: the link works without JavaScript (decision 018). */
  nextPageHref: string;
  onLoadMore: () => void;
};

export function ResultsFooter({
  pageCount,
  totalResults,
  hasNextPage,
  isFetchingNextPage,
  isNextPageError,
  nextPageHref,
  onLoadMore,
}: ResultsFooterProps) {
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isNextPageError;
  const sentinelRef = useInfiniteScroll(onLoadMore, canLoadMore, pageCount);

  return (
    <div className="mt-6">
      <div ref={sentinelRef} aria-hidden="true" />
      <div role="status" className="text-lg">
        {isFetchingNextPage && <p>Loading more results...</p>}
        {!hasNextPage && (
          <p>
            You&apos;ve reached the end of the results.
            {totalResults > 0 && ` Showing all ${totalResults} services found.`}
          </p>
        )}
      </div>
      {/* While the page is tried again the query is still in error: show the attempt only. */}
      {isNextPageError && !isFetchingNextPage && (
        <p role="alert" className="mb-2 font-bold text-danger">
          We could not load more results. Check your connection and try again.
        </p>
      )}
      {/* The keyboard and screen reader route to more results; scrolling also loads them. */}
      {hasNextPage && !isFetchingNextPage && (
        <a
          className={buttonClassName('secondary')}
          href={nextPageHref}
          onClick={(event) => {
            event.preventDefault();
            onLoadMore();
          }}
        >
          {isNextPageError ? 'Try again' : 'Load more results'}
        </a>
      )}
    </div>
  );
}
