import type { EventsQueryInput } from '@locals/contracts/events';
import {
  DEFAULT_EVENT_MILES,
  EVENT_DISTANCE_OPTIONS,
  EVENT_FILTER_CATEGORIES,
  EVENT_PAGE_SIZE,
} from '@locals/contracts/event-categories';
import { formatPostcode, isValidPostcode } from '@locals/contracts/postcode';
import { paths } from '@/config/paths';

export type EventDistance = (typeof EVENT_DISTANCE_OPTIONS)[number];
export type EventFilterCategory = (typeof EVENT_FILTER_CATEGORIES)[number]['id'];

/** The event filters, as /events keeps them in its URL (STYLE: filters live in the URL). */
export type EventFilters = {
  /** A postcode as typed; a well-formed one normalised. The API says what is wrong with others. */
  location: string;
  /** Miles around `location`; meaningless without one, so never sent without one. */
  maxDistance: EventDistance;
  /** yyyy-MM-dd as the date field sends it; the API says what is wrong with anything else. */
  date: string;
  category: EventFilterCategory | '';
  page: number;
};

function isDistance(miles: number): miles is EventDistance {
  return (EVENT_DISTANCE_OPTIONS as readonly number[]).includes(miles);
}

function isFilterCategory(value: string): value is EventFilterCategory {
  return EVENT_FILTER_CATEGORIES.some((category) => category.id === value);
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function readEventFilters(params: URLSearchParams): EventFilters {
  const location = params.get('location')?.trim() ?? '';
  const maxDistance = Number(params.get('maxDistance'));
  const category = params.get('category') ?? '';
  return {
    location: isValidPostcode(location) ? formatPostcode(location) : location,
    maxDistance: isDistance(maxDistance) ? maxDistance : DEFAULT_EVENT_MILES,
    date: params.get('date')?.trim() ?? '',
    category: isFilterCategory(category) ? category : '',
    page: readPage(params.get('page')),
  };
}

/** The filters set, in the order the form lists them; distance only with a postcode. */
function filterParams(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.location) {
    params.set('location', filters.location);
    params.set('maxDistance', String(filters.maxDistance));
  }
  if (filters.date) params.set('date', filters.date);
  if (filters.category) params.set('category', filters.category);
  return params;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The /events address of these filters at `page` (page 1 is left out). */
export function eventsHref(filters: EventFilters, page = filters.page): string {
  const params = filterParams(filters);
  if (page > 1) params.set('page', String(page));
  return withQuery(paths.events, params);
}

/** These events with one event's details open: what a card links to. */
export function eventLinkHref(filters: EventFilters, eventId: string): string {
  const params = filterParams(filters);
  if (filters.page > 1) params.set('page', String(filters.page));
  params.set('eventId', eventId);
  return withQuery(paths.events, params);
}

/** Share Event copies this: the event on its own, whatever was searched. */
export function eventShareHref(eventId: string): string {
  return withQuery(paths.events, new URLSearchParams({ eventId }));
}

/** The same events as a calendar feed a phone can subscribe to (every page of them). */
export function eventsCalendarHref(filters: EventFilters): string {
  return withQuery('/api/events/calendar.ics', filterParams(filters));
}

/** The API's query for the page of events these filters show (20 to a page). */
export function eventsApiQuery(filters: EventFilters): EventsQueryInput {
  return {
    ...Object.fromEntries(filterParams(filters)),
    page: filters.page,
    pageSize: EVENT_PAGE_SIZE,
  };
}
