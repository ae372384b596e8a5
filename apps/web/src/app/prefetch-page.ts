import { detectCrisis } from '@locals/contracts/crisis';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { helplinesQueryOptions, searchHelplinesFilter } from '@/components/helplines/get-helplines';
import { paths } from '@/config/paths';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { searchEventsQueryOptions } from '@/features/events/api/search-events';
import { readEventFilters } from '@/features/events/event-filters';
import { searchServicesQueryOptions } from '@/features/search/api/search-services';
import { ageErrorsOf } from '@/features/search/check-ages';
import { createSearchFailureTracker } from '@/features/search/search-failure-tracker';
import { serviceQueryOptions } from '@/features/services/api/get-service';
import { mapServicesQueryOptions } from '@/features/map/api/search-map-services';
import { myEventQueryOptions } from '@/features/organiser-events/api/my-event';
import { myEventsQueryOptions } from '@/features/organiser-events/api/my-events';
import { sessionQueryOptions } from '@/lib/auth';
import { readCriteria } from '@/lib/search-criteria';

/** More pages than this in one address are not rendered: the reader can load them one by one. */
const MAX_RENDERED_PAGES = 10;

/** `page` in a results address: how many pages of results the server renders (decision 018). */
function renderedPages(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_RENDERED_PAGES) : 1;
}

/**
 * Fills the query cache with what a page shows before the server renders it, through the same
 * queries the page runs in the browser. A query that fails is left for the browser to retry.
 */
export async function prefetchPage(queryClient: QueryClient, url: URL): Promise<void> {
  const work: Promise<unknown>[] = [queryClient.prefetchQuery(sessionQueryOptions)];
  if (url.pathname === paths.results || url.pathname === paths.map) {
    // Decision 027: 999 and the crisis lines are in the HTML, so they reach a phone with JavaScript
    // off even when the search itself fails or has no place to search near.
    const criteria = readCriteria(url.searchParams);
    if (detectCrisis(criteria.keyword) !== null) {
      work.push(queryClient.prefetchQuery(helplinesQueryOptions(searchHelplinesFilter(criteria))));
    }
    // Decision 036: without JavaScript the map's page lists the services the map would show.
    const isMap = url.pathname === paths.map || url.searchParams.get('view') === 'map';
    // Ages that cannot be searched are for the person to correct: the page asks, not the API.
    if (isMap && criteria.postcode !== '' && ageErrorsOf(criteria).length === 0) {
      work.push(queryClient.prefetchQuery(mapServicesQueryOptions(criteria)));
    }
  }
  if (url.pathname === paths.results) {
    const criteria = readCriteria(url.searchParams);
    const hasPlace = criteria.postcode !== '' || criteria.keyword !== '';
    const agesOk = ageErrorsOf(criteria).length === 0;
    if (hasPlace && agesOk && url.searchParams.get('view') !== 'map') {
      work.push(
        queryClient.prefetchInfiniteQuery({
          ...searchServicesQueryOptions(criteria, createSearchFailureTracker()),
          pages: renderedPages(url.searchParams.get('page')),
        }),
      );
    }
    const serviceId = url.searchParams.get('serviceId');
    if (serviceId) work.push(queryClient.prefetchQuery(serviceQueryOptions(serviceId)));
  }
  if (url.pathname === paths.events) {
    work.push(
      queryClient.prefetchQuery(searchEventsQueryOptions(readEventFilters(url.searchParams))),
    );
    const eventId = url.searchParams.get('eventId');
    if (eventId) work.push(queryClient.prefetchQuery(eventQueryOptions(eventId)));
  }
  work.push(prefetchMyEvents(queryClient, url));
  await Promise.all(work);
}

/**
 * My events and an event's edit form work without JavaScript (decision 038): their data is in the
 * page. Asked for only for someone signed in: a refusal would be kept for the browser.
 */
async function prefetchMyEvents(queryClient: QueryClient, url: URL): Promise<void> {
  const edit = matchPath(paths.editEvent, url.pathname);
  if (url.pathname !== paths.myEvents && !edit) return;
  const user = await queryClient.fetchQuery(sessionQueryOptions).catch(() => null);
  if (!user) return;
  if (edit) await queryClient.prefetchQuery(myEventQueryOptions(edit.params.id ?? ''));
  else await queryClient.prefetchQuery(myEventsQueryOptions);
}
