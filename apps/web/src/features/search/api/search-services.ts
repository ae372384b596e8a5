import * as services from '@locals/contracts/routes/services';
import type { SearchResponse } from '@locals/contracts/search';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, createApiClient, isApiError } from '@/lib/api-client';
import { DEFAULT_PAGE_SIZE, apiSearchQuery, criteriaParams } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { useSearchFailureTracker } from '../components/search-failure-tracker-provider';
import type { SearchFailureTracker } from '../search-failure-tracker';

/**
 * Once searches are flagged as blocked the call is still made, but only once (decision 008): the
 * 1, 2 and 3 s retry waits would keep a person from the sample data while the service is down.
 */
const singleAttemptClient = createApiClient({ retryDelaysMs: [] });

/**
 * Loaded pages outlive a visit to another page, so Back to /results shows them all again at
 * the same place. When stale, TanStack Query refetches every loaded page, not page 1.
 */
const SEARCH_STALE_MS = 5 * 60_000;
const SEARCH_GC_MS = 30 * 60_000;

/** A network error or 5xx that outlasted the retries; a 4xx is an answer to show instead. */
export function isConnectivityFailure(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

type SearchOptions = { signal?: AbortSignal; tracker: SearchFailureTracker };

/**
 * One page of real results. A failure is thrown, never turned into sample data here: a sample
 * kept in the query cache would outlive the outage. The results page shows the
 * sample while page 1 is failing, so the next search always asks the server again.
 */
export async function searchServices(
  criteria: SearchCriteria,
  page: number,
  { signal, tracker }: SearchOptions,
): Promise<SearchResponse> {
  const query = apiSearchQuery(criteria, page, DEFAULT_PAGE_SIZE);
  try {
    const client = tracker.isBlocked() ? singleAttemptClient : apiClient;
    const response = await client.api(services.searchServices, { query }, { signal });
    tracker.recordSuccess();
    return response;
  } catch (error) {
    if (isConnectivityFailure(error)) tracker.recordFailure();
    throw error;
  }
}

export function searchServicesQueryKey(criteria: SearchCriteria) {
  return ['services', 'search', criteriaParams(criteria).toString()] as const;
}

export function searchServicesQueryOptions(
  criteria: SearchCriteria,
  tracker: SearchFailureTracker,
) {
  return infiniteQueryOptions({
    queryKey: searchServicesQueryKey(criteria),
    queryFn: ({ pageParam, signal }) => searchServices(criteria, pageParam, { signal, tracker }),
    initialPageParam: 1,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.page + 1 : undefined),
    staleTime: SEARCH_STALE_MS,
    gcTime: SEARCH_GC_MS,
  });
}

/**
 * `enabled: false` for a search with nowhere to search near: the page asks for a postcode
 * instead of calling the API (decision 011: never a nationwide list).
 */
export function useSearchServices(criteria: SearchCriteria, { enabled = true } = {}) {
  const tracker = useSearchFailureTracker();
  return useInfiniteQuery({ ...searchServicesQueryOptions(criteria, tracker), enabled });
}

/**
 * A search the person asked for (a form's Search button) starts again from page 1 with a real
 * call, even when the same criteria are cached: pressing Search again must reach the server.
 */
export function useStartSearch() {
  const queryClient = useQueryClient();
  return (criteria: SearchCriteria) =>
    queryClient.resetQueries({ queryKey: searchServicesQueryKey(criteria), exact: true });
}
