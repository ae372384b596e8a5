import { describe, expect, it } from 'vitest';
import { EMPTY_CRITERIA } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { activeFilters, joinServiceTypes, serviceTypeList } from './active-filters';

const base: SearchCriteria = { ...EMPTY_CRITERIA, postcode: 'BS1 4DJ' };

describe('activeFilters', () => {
  it('lists nothing for a plain postcode search within the default radius', () => {
    expect(activeFilters(base)).toEqual([]);
  });

  it.each<[string, Partial<SearchCriteria>, string, Partial<SearchCriteria>]>([
    ['the keyword', { keyword: 'food bank' }, 'Keyword: food bank', { keyword: '' }],
    ['the category', { category: 'food' }, 'Food', { category: '' }],
    ['a rating', { reviewRating: '4-stars' }, 'Rated 4 stars or more', { reviewRating: '' }],
    ['the top rating', { reviewRating: '5-stars' }, 'Rated 5 stars', { reviewRating: '' }],
    ['both ages', { ageMin: '16', ageMax: '25' }, 'Ages 16 to 25', { ageMin: '', ageMax: '' }],
    ['a youngest age', { ageMin: '18' }, 'Ages 18 and over', { ageMin: '' }],
    ['an oldest age', { ageMax: '11' }, 'Ages up to 11', { ageMax: '' }],
    ['open now', { openNow: true }, 'Open now', { openNow: false, includeUnknownHours: false }],
    [
      'unverified services',
      { includeUnverified: true },
      'Including unchecked listings',
      { includeUnverified: false },
    ],
    ['a wider radius', { distance: '25' }, 'Within 25 miles', { distance: '10' }],
    ['this area only', { distance: '' }, 'This area only', { distance: '10' }],
  ])('names %s and removes it alone', (_, change, label, removed) => {
    const criteria = { ...base, ...change };
    const [filter, ...others] = activeFilters(criteria);
    expect(others).toEqual([]);
    expect(filter?.label).toBe(label);
    expect(filter?.without).toEqual({ ...criteria, ...removed });
  });

  it('names services of unknown hours as included only with open now, removable alone', () => {
    const both = { ...base, openNow: true, includeUnknownHours: true };

    expect(activeFilters(both).map((filter) => [filter.label, filter.without])).toEqual([
      ['Open now', { ...both, openNow: false, includeUnknownHours: false }],
      ['Including hours not known', { ...both, includeUnknownHours: false }],
    ]);
    expect(activeFilters({ ...base, includeUnknownHours: true })).toEqual([]);
  });

  it("does not list a rating of 'any'", () => {
    expect(activeFilters({ ...base, reviewRating: 'any' })).toEqual([]);
  });

  it('lists each service type, each removable on its own', () => {
    const filters = activeFilters({ ...base, serviceTypes: 'Food bank, Pharmacy' });
    expect(filters.map((filter) => filter.label)).toEqual([
      'Service type: Food bank',
      'Service type: Pharmacy',
    ]);
    expect(filters[0]?.without.serviceTypes).toBe('Pharmacy');
    expect(filters[1]?.without.serviceTypes).toBe('Food bank');
    expect(activeFilters(filters[0]!.without)[0]?.without.serviceTypes).toBe('any');
  });
});

describe('service type lists', () => {
  it.each([
    ['any', []],
    ['ANY', []],
    ['Food bank', ['Food bank']],
    [' Food bank , Pharmacy ,', ['Food bank', 'Pharmacy']],
  ])('reads %j as %j', (value, types) => {
    expect(serviceTypeList(value)).toEqual(types);
  });

  it('writes no types as any', () => {
    expect(joinServiceTypes([])).toBe('any');
    expect(joinServiceTypes(['Food bank', 'Pharmacy'])).toBe('Food bank,Pharmacy');
  });
});
