import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';
import { getSiteViews } from './get-site-views';
import { incrementSiteViews } from './increment-site-views';

export const VISIT_COUNTED_KEY = 'siteViewCounted';

/**
 * The first page of a visit counts it (increment, then set the session flag); later
 * pages only read. The mode is part of the query key, so React StrictMode's double mount
 * shares one request instead of counting the visit twice.
 */
export function siteViewsQueryOptions(shouldCountVisit: boolean) {
  return queryOptions({
    queryKey: ['site-views', shouldCountVisit ? 'count-visit' : 'read'],
    // No abort signal on purpose: aborting an unmounted observer would make TanStack refetch
    // on the next mount, and StrictMode's test remount would then count the visit twice.
    queryFn: async () => {
      if (!shouldCountVisit) return getSiteViews();
      const views = await incrementSiteViews();
      writeStorage(sessionStorage, VISIT_COUNTED_KEY, 'true');
      return views;
    },
    staleTime: shouldCountVisit ? Infinity : 60_000,
  });
}

export function useSiteViews() {
  // The server renders no count (it never fetches this), so its value changes no HTML.
  const [shouldCountVisit] = useState(
    () => typeof window !== 'undefined' && readStorage(sessionStorage, VISIT_COUNTED_KEY) === null,
  );
  return useQuery(siteViewsQueryOptions(shouldCountVisit));
}
