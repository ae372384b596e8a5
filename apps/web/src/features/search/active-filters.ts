import { categoryLabel } from '@locals/contracts/categories';
import { DEFAULT_RADIUS, EMPTY_CRITERIA } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

/** A filter in use, said in words, and the criteria without it. */
export type ActiveFilter = { id: string; label: string; without: SearchCriteria };

/** 'Food bank, Pharmacy' -> ['Food bank', 'Pharmacy']; 'any' -> []. */
export function serviceTypeList(serviceTypes: string): string[] {
  if (serviceTypes.trim().toLowerCase() === 'any') return [];
  return serviceTypes
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
}

export function joinServiceTypes(types: string[]): string {
  return types.length === 0 ? EMPTY_CRITERIA.serviceTypes : types.join(',');
}

export function ratingLabel(reviewRating: string): string | null {
  const stars = /^([1-5])-stars$/.exec(reviewRating)?.[1];
  if (!stars) return null;
  return stars === '5' ? 'Rated 5 stars' : `Rated ${stars} stars or more`;
}

function agesLabel(ageMin: string, ageMax: string): string | null {
  if (ageMin && ageMax) return `Ages ${ageMin} to ${ageMax}`;
  if (ageMin) return `Ages ${ageMin} and over`;
  if (ageMax) return `Ages up to ${ageMax}`;
  return null;
}

export function radiusLabel(distance: SearchCriteria['distance']): string {
  return distance === '' ? 'This area only' : `Within ${distance} miles`;
}

/**
 * Every filter the search uses, in the order of the filter form, each to be shown and removable.
 * The default radius is not listed here: removing it would change nothing, so the page states it
 * without a remove button.
 */
export function activeFilters(criteria: SearchCriteria): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  const add = (id: string, label: string | null | undefined, change: Partial<SearchCriteria>) => {
    if (label) filters.push({ id, label, without: { ...criteria, ...change } });
  };
  if (criteria.keyword) add('keyword', `Keyword: ${criteria.keyword}`, { keyword: '' });
  if (criteria.category) add('category', categoryLabel(criteria.category), { category: '' });
  const types = serviceTypeList(criteria.serviceTypes);
  for (const type of types) {
    add(`serviceType:${type}`, `Service type: ${type}`, {
      serviceTypes: joinServiceTypes(types.filter((other) => other !== type)),
    });
  }
  add('reviewRating', ratingLabel(criteria.reviewRating), { reviewRating: '' });
  add('ages', agesLabel(criteria.ageMin, criteria.ageMax), { ageMin: '', ageMax: '' });
  if (criteria.openNow) {
    add('openNow', 'Open now', { openNow: false, includeUnknownHours: false });
    if (criteria.includeUnknownHours)
      add('includeUnknownHours', 'Including hours not known', { includeUnknownHours: false });
  }
  if (criteria.includeUnverified)
    add('includeUnverified', 'Including unchecked listings', { includeUnverified: false });
  if (criteria.distance !== DEFAULT_RADIUS)
    add('distance', radiusLabel(criteria.distance), { distance: DEFAULT_RADIUS });
  return filters;
}
