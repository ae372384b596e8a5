import type { CategoryId } from '@locals/contracts/categories';
import { CATEGORIES } from '@locals/contracts/categories';
import { formatPostcode, isValidPostcode } from '@locals/contracts/postcode';
import type * as SearchContract from '@locals/contracts/search';
import { paths } from '@/config/paths';

type Distance = (typeof SearchContract.DISTANCE_OPTIONS)[number];

/**
 * The contracts' DISTANCE_OPTIONS, restated because importing that module at run time would
 * bring zod into the results page. search-criteria.test.ts checks the two lists agree.
 */
export const RADIUS_MILES = [5, 10, 25, 40, 60, 100] as const satisfies readonly Distance[];

/** '' (this area only) or a number of miles, as it travels in the query string. */
export type Radius = '' | `${Distance}`;

export const DEFAULT_RADIUS: Radius = '10';
export const DEFAULT_PAGE_SIZE = 10;
/** The map link and map page ask for up to 1000 services. */
export const MAP_PAGE_SIZE = 1000;

/** A service search's criteria, every one kept in the URL (STYLE: filters live in the URL). */
export type SearchCriteria = {
  postcode: string;
  distance: Radius;
  keyword: string;
  category: CategoryId | '';
  serviceTypes: string;
  includeUnverified: boolean;
  reviewRating: string;
  ageMin: string;
  ageMax: string;
  /** Only services whose opening hours say they are open now. */
  openNow: boolean;
  /** With openNow: services whose hours are not known are shown too. */
  includeUnknownHours: boolean;
};

export const EMPTY_CRITERIA: SearchCriteria = {
  postcode: '',
  distance: DEFAULT_RADIUS,
  keyword: '',
  category: '',
  serviceTypes: 'any',
  includeUnverified: false,
  reviewRating: '',
  ageMin: '',
  ageMax: '',
  openNow: false,
  includeUnknownHours: false,
};

function isRadius(value: string): value is Radius {
  return value === '' || (RADIUS_MILES as readonly number[]).includes(Number(value));
}

function isCategoryId(value: string): value is CategoryId {
  return CATEGORIES.some((category) => category.id === value);
}

/** A well-formed postcode is shown normalised; anything else is kept for the form to flag. */
function readPostcode(value: string): string {
  const trimmed = value.trim();
  return isValidPostcode(trimmed) ? formatPostcode(trimmed) : trimmed;
}

export function readCriteria(params: URLSearchParams): SearchCriteria {
  const distance = params.get('distance');
  const category = params.get('category') ?? '';
  return {
    postcode: readPostcode(params.get('postcode') ?? ''),
    // Absent means the default radius; present and empty means "this area only".
    distance: distance === null || !isRadius(distance) ? DEFAULT_RADIUS : distance,
    keyword: params.get('keyword')?.trim() ?? '',
    category: isCategoryId(category) ? category : '',
    // One value, comma-separated, from the app; one per ticked box from the filters form.
    serviceTypes:
      params
        .getAll('serviceTypes')
        .map((types) => types.trim())
        .filter((types) => types !== '' && types.toLowerCase() !== 'any')
        .join(',') || 'any',
    includeUnverified: params.get('includeUnverified') === 'true',
    reviewRating: params.get('reviewRating') ?? '',
    ageMin: params.get('ageMin') ?? '',
    ageMax: params.get('ageMax') ?? '',
    openNow: params.get('openNow') === 'true',
    includeUnknownHours: params.get('includeUnknownHours') === 'true',
  };
}

/** Every criterion, empty ones included, in the order the API documents them. */
export function criteriaParams(criteria: SearchCriteria): URLSearchParams {
  const query: Record<keyof SearchCriteria, string> = {
    postcode: criteria.postcode,
    distance: criteria.distance,
    keyword: criteria.keyword,
    category: criteria.category,
    serviceTypes: criteria.serviceTypes,
    includeUnverified: String(criteria.includeUnverified),
    reviewRating: criteria.reviewRating,
    ageMin: criteria.ageMin,
    ageMax: criteria.ageMax,
    // Only when asked for: an unset filter stays out of links and the API call.
    openNow: criteria.openNow ? 'true' : '',
    includeUnknownHours: criteria.includeUnknownHours ? 'true' : '',
  };
  return new URLSearchParams(query);
}

/** The API query for one page: empty optional filters are left out, distance is always sent. */
export function apiSearchQuery(
  criteria: SearchCriteria,
  page: number,
  pageSize: number,
): SearchContract.SearchQueryInput {
  const params = withoutEmpty(criteriaParams(criteria), ['distance', 'includeUnverified']);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return Object.fromEntries(params);
}

function withoutEmpty(params: URLSearchParams, keep: string[] = []): URLSearchParams {
  return new URLSearchParams(
    [...params].filter(([key, value]) => keep.includes(key) || value !== ''),
  );
}

/**
 * The criteria for a /results or /map address: unset filters are left out, but distance is
 * always there (empty means "this area only"), as are serviceTypes and includeUnverified.
 */
function pageParams(criteria: SearchCriteria): URLSearchParams {
  return withoutEmpty(criteriaParams(criteria), ['distance']);
}

/**
 * Marks a /results address made by the filters form without JavaScript (a field of its own):
 * the server answers it with a redirect to `resultsAfterFilters`, the address the app makes for
 * the same choice, so both land on one URL.
 */
export const FILTERS_APPLIED = 'filtersApplied';

/** The query of where the filters form without JavaScript leads, or null when not from it. */
export function resultsAfterFilters(search: URLSearchParams): string | null {
  if (!search.has(FILTERS_APPLIED)) return null;
  return resultsSearch(readCriteria(search));
}

/** The home and /search forms go to /results with the parameters, page 1, size 10. */
export function resultsSearch(criteria: SearchCriteria): string {
  const params = pageParams(criteria);
  params.set('page', '1');
  params.set('pageSize', String(DEFAULT_PAGE_SIZE));
  return `?${params.toString()}`;
}

/** The Map View tab keeps the same parameters and asks for 1000 services. */
export function mapSearch(criteria: SearchCriteria): string {
  const params = pageParams(criteria);
  params.set('pageSize', String(MAP_PAGE_SIZE));
  return `?${params.toString()}`;
}

/**
 * The full-screen map leaves out empty and false values. An empty distance is kept:
 * it is the value "this area only", and /map reads a missing distance as the default 10 miles.
 */
export function fullScreenMapSearch(criteria: SearchCriteria): string {
  const params = [...criteriaParams(criteria)].filter(
    ([key, value]) => key === 'distance' || (value !== '' && value !== 'false'),
  );
  const search = new URLSearchParams(params);
  search.set('pageSize', String(MAP_PAGE_SIZE));
  return `?${search.toString()}`;
}

/** A link that reopens this search with one service's details showing. */
export function serviceLinkSearch(criteria: SearchCriteria, serviceId: string): string {
  const params = pageParams(criteria);
  params.set('serviceId', serviceId);
  return `?${params.toString()}`;
}

/** The results page reopened at this search with one service's details showing. */
export function serviceDetailHref(criteria: SearchCriteria, serviceId: string): string {
  return `${paths.results}${serviceLinkSearch(criteria, serviceId)}`;
}

/** The next wider radius, for the "try a wider search" suggestion; null at the widest. */
export function widerRadius(distance: Radius): Radius | null {
  const miles = distance === '' ? 0 : Number(distance);
  const wider = RADIUS_MILES.find((option) => option > miles);
  return wider === undefined ? null : `${wider}`;
}

/**
 * The scroll-restoration key of a /results address: the search and the view, not the open
 * service or paging parameters. Back from a detail, or a link back from /map or /about, then
 * returns to the same place in the same list.
 */
export function resultsScrollKey(search: string): string {
  const params = new URLSearchParams(search);
  const view = params.get('view') === 'map' ? 'map' : 'list';
  return `${view}?${criteriaParams(readCriteria(params)).toString()}`;
}
