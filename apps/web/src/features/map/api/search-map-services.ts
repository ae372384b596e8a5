import { searchServices } from '@locals/contracts/routes/services';
import type { SearchResponse } from '@locals/contracts/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MAP_PAGE_SIZE, apiSearchQuery, criteriaParams } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

/** Named in the performance timeline so scripts/bench-map.mjs can time the map from here. */
export const MAP_DATA_MARK = 'locals:map-data';

/**
 * The map asks for up to 1000 services in one page. Unlike the list it never falls
 * back to sample data: invented services at real-looking places would mislead.
 */
export async function searchMapServices(
  criteria: SearchCriteria,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const query = apiSearchQuery(criteria, 1, MAP_PAGE_SIZE);
  const response = await api(searchServices, { query }, { signal });
  performance.mark(MAP_DATA_MARK);
  return response;
}

export function mapServicesQueryOptions(criteria: SearchCriteria) {
  return queryOptions({
    queryKey: ['services', 'map', criteriaParams(criteria).toString()],
    queryFn: ({ signal }) => searchMapServices(criteria, signal),
  });
}

export function useMapServices(criteria: SearchCriteria, { enabled = true } = {}) {
  return useQuery({ ...mapServicesQueryOptions(criteria), enabled });
}
