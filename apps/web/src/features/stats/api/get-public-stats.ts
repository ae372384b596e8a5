import { displayFigure } from '@locals/contracts/display-figure';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const publicStatsSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/stats').then((contract) => contract.PublicStatsSchema);

export function getPublicStats(signal?: AbortSignal) {
  return apiClient.get('/api/stats', publicStatsSchema, { signal });
}

export const publicStatsQueryOptions = queryOptions({
  queryKey: ['public-stats'],
  queryFn: ({ signal }) => getPublicStats(signal),
  staleTime: 5 * 60_000,
});

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions);
}

/** "Join N+ community members" only once there are at least 100 real subscribers. */
export function useSubscriberFigure(): string | null {
  const { data } = usePublicStats();
  return data ? displayFigure(data.subscribers, 100) : null;
}
