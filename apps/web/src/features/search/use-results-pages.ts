import type { SearchResponse } from '@locals/contracts/search';
import { criteriaParams } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { isConnectivityFailure, useSearchServices } from './api/search-services';
import { useSamplePages } from './use-sample-pages';

/**
 * The pages /results shows: the search's own, or, while page 1 cannot be had from the server,
 * the sample pages, with one way to load more for both.
 */
export function useResultsPages(criteria: SearchCriteria, { enabled }: { enabled: boolean }) {
  const search = useSearchServices(criteria, { enabled });
  const sample = useSamplePages(criteriaParams(criteria).toString());
  const isSample =
    search.data === undefined && !search.isFetching && isConnectivityFailure(search.error);
  const pages: SearchResponse[] = isSample ? sample.pages : (search.data?.pages ?? []);
  return {
    pages,
    isSample,
    isLoading: search.data === undefined && search.isFetching,
    /** Null while the sample stands in: the outage is said by the sample banner instead. */
    error: isSample ? null : search.error,
    hasNextPage: isSample ? sample.hasNextPage : search.hasNextPage,
    isFetchingNextPage: !isSample && search.isFetchingNextPage,
    isNextPageError: !isSample && search.isFetchNextPageError,
    loadMore: isSample ? sample.loadMore : () => void search.fetchNextPage(),
  };
}
