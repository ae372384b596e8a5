import { DISTANCE_OPTIONS } from '@locals/contracts/search';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_CRITERIA,
  RADIUS_MILES,
  apiSearchQuery,
  fullScreenMapSearch,
  mapSearch,
  readCriteria,
  resultsAfterFilters,
  resultsScrollKey,
  resultsSearch,
  widerRadius,
} from './search-criteria';

const entries = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('search criteria', () => {
  it('offers exactly the radius options of the contract', () => {
    expect(RADIUS_MILES).toEqual(DISTANCE_OPTIONS);
  });

  it.each([
    ['', '10'],
    ['?distance=', ''],
    ['?distance=25', '25'],
    ['?distance=7', '10'],
  ])('reads the radius of %j as %j', (search, distance) => {
    expect(readCriteria(new URLSearchParams(search)).distance).toBe(distance);
  });

  it('reads every filter from the query string, normalising the postcode', () => {
    const criteria = readCriteria(
      new URLSearchParams(
        'postcode=bs14dj&distance=5&keyword=+food+&category=food&serviceTypes=a,b&includeUnverified=true&reviewRating=4-stars&ageMin=18&ageMax=25&openNow=true&includeUnknownHours=true',
      ),
    );
    expect(criteria).toEqual({
      postcode: 'BS1 4DJ',
      distance: '5',
      keyword: 'food',
      category: 'food',
      serviceTypes: 'a,b',
      includeUnverified: true,
      reviewRating: '4-stars',
      ageMin: '18',
      ageMax: '25',
      openNow: true,
      includeUnknownHours: true,
    });
  });

  it('asks the API for services open now only when the filter is on', () => {
    const off = apiSearchQuery({ ...EMPTY_CRITERIA, postcode: 'BS1 4DJ' }, 1, 10);
    const on = apiSearchQuery({ ...EMPTY_CRITERIA, postcode: 'BS1 4DJ', openNow: true }, 1, 10);
    expect(off).not.toHaveProperty('openNow');
    expect(on.openNow).toBe('true');
    expect(entries(resultsSearch({ ...EMPTY_CRITERIA, openNow: true })).openNow).toBe('true');
    const unknownToo = { ...EMPTY_CRITERIA, openNow: true, includeUnknownHours: true };
    expect(off).not.toHaveProperty('includeUnknownHours');
    expect(apiSearchQuery(unknownToo, 1, 10).includeUnknownHours).toBe('true');
    expect(readCriteria(new URLSearchParams('openNow=false')).openNow).toBe(false);
  });

  it('keeps one scroll position per search and view, whatever service is open or page asked for', () => {
    const list = resultsScrollKey('?postcode=BS1+4DJ&distance=10&keyword=food');
    expect(
      resultsScrollKey('?keyword=food&postcode=bs14dj&serviceId=demo%3A1&page=1&pageSize=10'),
    ).toBe(list);
    expect(resultsScrollKey('?postcode=BS1+4DJ&keyword=food&view=map')).not.toBe(list);
    expect(resultsScrollKey('?postcode=BS1+4DJ&keyword=food+bank')).not.toBe(list);
  });

  it('reads one service type per ticked box of the filters form, as the comma list the app makes', () => {
    const fromForm = new URLSearchParams('serviceTypes=Pharmacy&serviceTypes=GP+practice');
    expect(readCriteria(fromForm).serviceTypes).toBe('Pharmacy,GP practice');
    expect(readCriteria(new URLSearchParams('serviceTypes=Pharmacy,Dentist')).serviceTypes).toBe(
      'Pharmacy,Dentist',
    );
    expect(readCriteria(new URLSearchParams('')).serviceTypes).toBe('any');
  });

  it('sends the filters form without JavaScript to the address the app makes for the same choice', () => {
    const fromForm = new URLSearchParams({
      postcode: 'bs1 4dj',
      distance: '5',
      keyword: '',
      filtersApplied: 'true',
      category: 'health',
      reviewRating: '',
      ageMin: '',
      ageMax: '',
      openNow: 'true',
    });
    fromForm.append('serviceTypes', 'Pharmacy');
    fromForm.append('serviceTypes', 'GP practice');
    const byApp = resultsSearch({
      ...EMPTY_CRITERIA,
      postcode: 'BS1 4DJ',
      distance: '5',
      category: 'health',
      serviceTypes: 'Pharmacy,GP practice',
      openNow: true,
    });

    expect(resultsAfterFilters(fromForm)).toBe(byApp);
    expect(resultsAfterFilters(new URLSearchParams(byApp))).toBeNull();
  });

  it('ignores an unknown category', () => {
    expect(readCriteria(new URLSearchParams('category=nope')).category).toBe('');
  });

  it('sends the API the page, size and only the filters that are set', () => {
    const query = apiSearchQuery({ ...EMPTY_CRITERIA, postcode: 'BS1 4DJ', distance: '' }, 2, 10);
    expect(query).toEqual({
      postcode: 'BS1 4DJ',
      distance: '',
      serviceTypes: 'any',
      includeUnverified: 'false',
      page: '2',
      pageSize: '10',
    });
  });

  it('links the map with the same parameters and pageSize 1000', () => {
    const criteria = { ...EMPTY_CRITERIA, postcode: 'BS1 4DJ', keyword: 'food' };
    expect(entries(mapSearch(criteria))).toEqual({
      ...entries(resultsSearch(criteria)),
      page: undefined,
      pageSize: '1000',
    });
  });

  it.each([
    { distance: '', meaning: 'this area only' },
    { distance: '25', meaning: '25 miles' },
  ] as const)(
    'leaves empty and false values out of the full-screen map link but keeps $meaning',
    ({ distance }) => {
      const criteria = { ...EMPTY_CRITERIA, postcode: 'BS1 4DJ', distance };
      const search = fullScreenMapSearch(criteria);
      expect(entries(search)).toEqual({
        postcode: 'BS1 4DJ',
        distance,
        serviceTypes: 'any',
        pageSize: '1000',
      });
      // The map page opened by the link searches the same radius.
      expect(readCriteria(new URLSearchParams(search)).distance).toBe(distance);
    },
  );

  it.each([
    ['', '5'],
    ['10', '25'],
    ['60', '100'],
    ['100', null],
  ] as const)('suggests %j -> %j as a wider radius', (distance, wider) => {
    expect(widerRadius(distance)).toBe(wider);
  });
});
