import { displayFigure } from '@locals/contracts/display-figure';
import * as stats from '@locals/contracts/routes/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPublicStats(signal?: AbortSignal) {
  return api(stats.getPublicStats, {}, { signal });
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
