import type { SearchResponse } from '@locals/contracts/search';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient, createApiClient, isApiError } from '@/lib/api-client';
import { useSearchFailureTracker } from '../components/search-failure-tracker-provider';
import { sampleResults } from '../sample-results';
import { DEFAULT_PAGE_SIZE, apiSearchParams, criteriaParams } from '../search-criteria';
import type { SearchCriteria } from '../search-criteria';
import type { SearchFailureTracker } from '../search-failure-tracker';

export type SearchPage = SearchResponse & { isSample: boolean };
type PageParam = { page: number; isSample: boolean };

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const searchResponseSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/search').then((contract) => contract.SearchResponseSchema);

/**
 * Spec 8: once searches are flagged as blocked the call is still made, but only once: the 1, 2
 * and 3 s retry waits would keep a person from the sample data while the service is down.
 */
const singleAttemptClient = createApiClient({ retryDelaysMs: [] });

/** A network error or 5xx that outlasted the retries; a 4xx is an answer to show instead. */
function isConnectivityFailure(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

type SearchOptions = { signal?: AbortSignal; tracker: SearchFailureTracker };

export async function searchServices(
  criteria: SearchCriteria,
  { page, isSample }: PageParam,
  { signal, tracker }: SearchOptions,
): Promise<SearchPage> {
  // Once the first page was a sample, the following pages are too (spec 7: up to page 5).
  if (isSample) return { ...sampleResults(page, DEFAULT_PAGE_SIZE), isSample: true };
  const params = apiSearchParams(criteria, page, DEFAULT_PAGE_SIZE);
  try {
    const client = tracker.isBlocked() ? singleAttemptClient : apiClient;
    const response = await client.get(
      `/api/HealthServices/search-new?${params.toString()}`,
      searchResponseSchema,
      { signal },
    );
    tracker.recordSuccess();
    return { ...response, isSample: false };
  } catch (error) {
    if (!isConnectivityFailure(error)) throw error;
    tracker.recordFailure();
    // Spec 7 falls back to sample data, but never in the middle of real results: a later
    // page that fails is reported so the person can try again.
    if (page > 1) throw error;
    return { ...sampleResults(page, DEFAULT_PAGE_SIZE), isSample: true };
  }
}

export function searchServicesQueryOptions(
  criteria: SearchCriteria,
  tracker: SearchFailureTracker,
) {
  return infiniteQueryOptions({
    queryKey: ['services', 'search', criteriaParams(criteria).toString()],
    queryFn: ({ pageParam, signal }) => searchServices(criteria, pageParam, { signal, tracker }),
    initialPageParam: { page: 1, isSample: false },
    getNextPageParam: (lastPage): PageParam | undefined =>
      lastPage.hasMore ? { page: lastPage.page + 1, isSample: lastPage.isSample } : undefined,
  });
}

export function useSearchServices(criteria: SearchCriteria) {
  const tracker = useSearchFailureTracker();
  return useInfiniteQuery(searchServicesQueryOptions(criteria, tracker));
}
