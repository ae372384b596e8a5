import type { EventsResponse } from '@locals/contracts/events';
import * as events from '@locals/contracts/routes/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, isRefusedWith } from '@/lib/api-client';
import { eventsApiQuery } from '../event-filters';
import type { EventFilters } from '../event-filters';

export type EventFilterField = 'location' | 'maxDistance' | 'date' | 'category';
export type FilterProblem = { field: EventFilterField; message: string };

/**
 * The events found, or the API's reasons for refusing the filters (an invalid postcode or
 * date). A refusal is an answer, not a failure: the server renders it into the page like any
 * other (decision 018), so a reader without JavaScript sees which field to fix.
 */
export type EventsAnswer =
  { kind: 'found'; response: EventsResponse } | { kind: 'refused'; problems: FilterProblem[] };

/** The form's fields, in its order. */
const FILTER_FIELDS: readonly EventFilterField[] = ['location', 'maxDistance', 'date', 'category'];

/** The API's words about each filter it refused; none when the error is not about them. */
function filterProblemsOf(error: unknown): FilterProblem[] {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 404)) return [];
  // In the form's order, so the summary reads top to bottom like the fields.
  const problems = FILTER_FIELDS.flatMap((field) => {
    const message = error.fieldErrors[field]?.[0];
    return message ? [{ field, message }] : [];
  });
  // A well-formed postcode no table places (404) comes without field errors.
  const isAboutPostcode = isRefusedWith(error, 'invalid_postcode', 'postcode_not_found');
  if (isAboutPostcode && !problems.some((problem) => problem.field === 'location')) {
    problems.unshift({ field: 'location', message: error.message });
  }
  return problems;
}

export async function searchEvents(
  filters: EventFilters,
  signal?: AbortSignal,
): Promise<EventsAnswer> {
  try {
    const response = await api(events.searchEvents, { query: eventsApiQuery(filters) }, { signal });
    return { kind: 'found', response };
  } catch (error) {
    const problems = filterProblemsOf(error);
    if (problems.length === 0) throw error;
    return { kind: 'refused', problems };
  }
}

export function searchEventsQueryOptions(filters: EventFilters) {
  const query = new URLSearchParams(
    Object.entries(eventsApiQuery(filters)).map(([name, value]) => [name, String(value)]),
  );
  return queryOptions({
    queryKey: ['events', 'search', query.toString()],
    queryFn: ({ signal }) => searchEvents(filters, signal),
  });
}

export function useSearchEvents(filters: EventFilters) {
  return useQuery(searchEventsQueryOptions(filters));
}
