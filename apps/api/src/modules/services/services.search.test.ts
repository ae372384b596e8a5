import { POSTCODE_MESSAGE } from '@locals/contracts/postcode';
import { searchServices } from '@locals/contracts/routes/services';
import type { SearchQueryInput } from '@locals/contracts/search';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { SEARCH_SERVICES } from '../../testing/search-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp, type TestApp } from '../../testing/test-app';
import { LOCATION_REQUIRED } from './services.routes';

const BRISTOL = 'Bristol, City of';

const searchFor = (testApp: TestApp, query: SearchQueryInput) =>
  aVisitor(testApp.app).call(searchServices, { query });

/** Sent by hand, for query strings the web app would never build. */
const searchWithQueryString = (testApp: TestApp, queryString: string) =>
  aVisitor(testApp.app).send('GET', `/api/HealthServices/search-new${queryString}`);

describe('GET /api/HealthServices/search-new', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, SEARCH_SERVICES);
  });

  async function search(query: SearchQueryInput) {
    return checkReply(searchServices, await searchFor(testApp, query), 200);
  }
  const ids = (body: { results: { id: string }[] }) => body.results.map((service) => service.id);

  describe('within a radius of a postcode', () => {
    it('lists verified services within the miles asked, nearest first, with distances', async () => {
      const body = await search({ postcode: 'bs14dj', distance: '5' });

      expect(ids(body)).toEqual([
        's-pharmacy',
        's-youth',
        's-foodbank',
        's-pharmacy-clifton',
        's-gp',
      ]);
      expect(body.results.map((service) => service.distance)).toEqual([
        'Less than 0.1 miles',
        '0.1 miles',
        '0.5 miles',
        '0.8 miles',
        '0.9 miles',
      ]);
      const miles = body.results.map((service) => service.distanceMiles ?? -1);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      expect(body.location).toEqual({
        postcode: 'BS1 4DJ',
        outcode: 'BS1',
        coordinates: { lat: 51.4519, lng: -2.5967 },
        precision: 'postcode',
        areaName: BRISTOL,
      });
    });

    it.each([
      ['10', false, false],
      ['25', true, false],
      ['40', true, true],
    ])(
      'with %s miles includes Bath (11 mi): %s, Cardiff (25.2 mi): %s',
      async (distance, hasBath, hasCardiff) => {
        const body = await search({ postcode: 'BS1 4DJ', distance });

        expect(ids(body).includes('s-bath-library')).toBe(hasBath);
        expect(ids(body).includes('s-cardiff')).toBe(hasCardiff);
      },
    );

    it('maps each service onto the contract: phones joined, rating, coordinates, source, demo flag', async () => {
      const body = await search({ postcode: 'BS1 4DJ', distance: '5', includeUnverified: 'true' });

      const pharmacy = body.results.find((service) => service.id === 's-pharmacy');
      expect(pharmacy).toMatchObject({
        name: 'Harbourside Pharmacy',
        phone: '0117 111 1111, 0117 222 2222',
        phones: ['0117 111 1111', '0117 222 2222'],
        rating: 4.5,
        reviewCount: 8,
        categories: ['health'],
        serviceTypes: ['Pharmacy'],
        // No person has confirmed it: the source vouches for it, and is named (issue 26).
        verified: false,
        listedBy: { source: 'another directory', asOf: null },
        coordinates: { lat: 51.4521, lng: -2.5967 },
        isDemo: false,
      });
      expect(body.results.find((service) => service.id === 's-pantry')).toMatchObject({
        verified: false,
        listedBy: null,
        isDemo: true,
      });
    });
  });

  describe('in this area only (empty distance)', () => {
    it('lists the services in the postcode district, nearest first, unplaced ones last', async () => {
      const body = await search({ postcode: 'BS1 4DJ', distance: '' });

      expect(ids(body)).toEqual(['s-pharmacy', 's-youth', 's-phone-line']);
      expect(body.results[2]).toMatchObject({
        distance: null,
        distanceMiles: null,
        coordinates: null,
      });
      expect(body.totalResults).toBe(3);
    });

    it('searches a district from its outward code alone, placed at its centroid', async () => {
      const body = await search({ postcode: 'bs2' });

      expect(ids(body)).toEqual(['s-foodbank']);
      expect(body.location).toEqual({
        postcode: 'BS2',
        outcode: 'BS2',
        coordinates: { lat: 51.4597, lng: -2.5759 },
        precision: 'district',
        areaName: BRISTOL,
      });
    });
  });

  describe('by keyword (keyword-search.test.ts has every relevance rule)', () => {
    it.each([
      ['pharmacies', 's-pharmacy', 'stemming'],
      ['fodbank', 's-foodbank', 'a typo across the word gap'],
      ['foodbank', 's-foodbank', 'the words run together'],
      ['pharmcy', 's-pharmacy', 'a missing letter'],
      ['Harbour Youth', 's-youth', 'a name'],
    ])('finds %s -> %s (%s)', async (keyword, expected) => {
      const body = await search({ postcode: 'BS1 4DJ', distance: '5', keyword });

      expect(ids(body)).toContain(expected);
    });

    it('does not match unrelated words that merely look alike', async () => {
      const body = await search({ postcode: 'BS1 4DJ', distance: '5', keyword: 'foot' });

      expect(ids(body)).toEqual([]);
      expect(body.keyword).toMatchObject({ match: 'none', searched: 'foot' });
    });

    it('keeps nearest-first order between equally good matches', async () => {
      const body = await search({ postcode: 'BS1 4DJ', distance: '10', keyword: 'pharmacy' });

      expect(ids(body)).toEqual(['s-pharmacy', 's-pharmacy-clifton']);
    });
  });

  describe('filters', () => {
    it.each([
      [{ category: 'food' }, ['s-foodbank']],
      [{ category: 'food', includeUnverified: 'true' }, ['s-pantry', 's-foodbank']],
      [{ serviceTypes: 'food BANK, pharmacy' }, ['s-pharmacy', 's-foodbank', 's-pharmacy-clifton']],
      [
        { serviceTypes: 'any' },
        ['s-pharmacy', 's-youth', 's-foodbank', 's-pharmacy-clifton', 's-gp'],
      ],
      [{ ageMin: '0', ageMax: '10' }, ['s-pharmacy', 's-pharmacy-clifton', 's-gp']],
      [{ ageMin: '19' }, ['s-pharmacy', 's-foodbank', 's-pharmacy-clifton', 's-gp']],
      [{ ageMin: '12', ageMax: '14' }, ['s-pharmacy', 's-youth', 's-pharmacy-clifton', 's-gp']],
      [{ reviewRating: '4-stars' }, ['s-pharmacy']],
      [{ reviewRating: '3-stars' }, ['s-pharmacy', 's-foodbank']],
      [
        { reviewRating: 'any' },
        ['s-pharmacy', 's-youth', 's-foodbank', 's-pharmacy-clifton', 's-gp'],
      ],
    ])('%j within 5 miles of BS1 4DJ gives %j', async (filters, expected) => {
      const body = await search({ postcode: 'BS1 4DJ', distance: '5', ...filters });

      expect(ids(body)).toEqual(expected);
    });
  });

  describe('refinements: what the filters can do with every match (decision 045)', () => {
    const near = { postcode: 'BS1 4DJ', distance: '5' } as const;

    it('counts the service types of every match, not only the page', async () => {
      const body = await search({ ...near, pageSize: '1' });

      expect(body.results).toHaveLength(1);
      expect(body.refinements?.serviceTypes).toEqual([
        { type: 'Pharmacy', count: 2 },
        { type: 'Food bank', count: 1 },
        { type: 'GP practice', count: 1 },
        { type: 'Youth club', count: 1 },
      ]);
    });

    it('changes with the category', async () => {
      const body = await search({ ...near, category: 'food', includeUnverified: 'true' });

      expect(body.refinements?.serviceTypes).toEqual([
        { type: 'Community pantry', count: 1 },
        { type: 'Food bank', count: 1 },
      ]);
    });

    it('counts each type as if it were chosen, and keeps a chosen type with no match', async () => {
      const chosen = await search({ ...near, serviceTypes: 'pharmacy' });
      const none = await search({ ...near, serviceTypes: 'Dentist', category: 'food' });

      expect(ids(chosen)).toEqual(['s-pharmacy', 's-pharmacy-clifton']);
      expect(chosen.refinements?.serviceTypes.map(({ type }) => type)).toEqual([
        'Pharmacy',
        'Food bank',
        'GP practice',
        'Youth club',
      ]);
      expect(none.totalResults).toBe(0);
      expect(none.refinements?.serviceTypes).toEqual([
        { type: 'Food bank', count: 1 },
        { type: 'Dentist', count: 0 },
      ]);
    });

    it('says how many results state no ages when ages are asked for', async () => {
      const aged = await search({ ...near, ageMin: '16', ageMax: '25' });
      const any = await search(near);

      // The youth club (11 to 18) and the food bank (18 and over) state ages that fit.
      expect(aged.totalResults).toBe(5);
      expect(aged.refinements?.agesNotStated).toBe(3);
      expect(any.refinements?.agesNotStated).toBeNull();
    });

    it('comes with page 1 only', async () => {
      const second = await search({ ...near, pageSize: '2', page: '2' });

      expect(second.results).toHaveLength(2);
      expect(second.refinements).toBeNull();
    });
  });

  describe('rejects what it cannot search', () => {
    it('answers 400 invalid_postcode for something that is not a postcode', async () => {
      const response = await searchFor(testApp, { postcode: 'not a postcode' });

      expect(await checkReply(searchServices, response, 400)).toEqual({
        code: 'invalid_postcode',
        message: POSTCODE_MESSAGE,
        fieldErrors: { postcode: [POSTCODE_MESSAGE] },
      });
    });

    it.each([
      ['distance=7', 'distance must be one of 5, 10, 25, 40, 60 or 100 miles'],
      ['page=0', 'page must be between 1 and 100000'],
      ['page=1.5', 'page must be a whole number'],
      ['pageSize=1001', 'pageSize must be between 1 and 1000'],
      ['pageSize=ten', 'pageSize must be a whole number'],
      ['category=pizza', 'Choose one of the listed categories'],
      ['reviewRating=6-stars', "reviewRating must be 'any' or 1-stars to 5-stars"],
      ['includeUnverified=maybe', 'includeUnverified must be true or false'],
      ['ageMin=30&ageMax=20', 'ageMin must not be more than ageMax'],
      ['ageMax=121', 'ageMax must be between 0 and 120'],
      [`keyword=${'a'.repeat(201)}`, 'keyword must be 200 characters or fewer'],
      ['ageMin=ten', 'ageMin must be a whole number'],
      ['ageMin=2.5', 'ageMin must be a whole number'],
      ['ageMin=-1', 'ageMin must be between 0 and 120'],
    ])('answers 400 for %s with "%s"', async (query, message) => {
      const response = await searchWithQueryString(testApp, `?${query}`);

      expect(await checkReply(searchServices, response, 400)).toMatchObject({
        code: 'validation_error',
        message,
      });
    });

    it('answers 400 for a list of service types longer than 500 characters', async () => {
      const response = await searchFor(testApp, { serviceTypes: 'Pharmacy,'.repeat(56) });

      const message = 'serviceTypes must be 500 characters or fewer';
      expect(await checkReply(searchServices, response, 400)).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { serviceTypes: [message] },
      });
    });

    it.each([
      [
        'BS99 9ZZ',
        "We couldn't find BS99 9ZZ. Check it and try again, or search by the first part (like BS99).",
      ],
      ['ZZ1', "We couldn't find ZZ1. Check it and try again."],
    ])(
      'answers 404 postcode_not_found for %s, which no table places',
      async (postcode, message) => {
        const response = await searchFor(testApp, { postcode, distance: '5' });

        expect(await checkReply(searchServices, response, 404)).toEqual({
          code: 'postcode_not_found',
          message,
        });
      },
    );

    it('places a postcode missing from the unit table at its district centroid', async () => {
      const body = await search({ postcode: 'BS1 9ZZ', distance: '5' });

      expect(body.location).toMatchObject({
        postcode: 'BS1 9ZZ',
        precision: 'district',
        coordinates: { lat: 51.4536, lng: -2.5927 },
      });
      expect(ids(body)[0]).toBe('s-pharmacy');
    });
  });
});

describe('GET /api/HealthServices/search-new paging', () => {
  const testApp = useTestApp();
  const twins = ['t-e', 't-a', 't-d', 't-b', 't-c'];
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    // Five services at one point: only the id can order them, and paging must stay stable.
    await insertServices(testApp.database, [
      ...twins.map((id) => aService({ id })),
      aService({ id: 'far', latitude: 51.46, longitude: -2.6 }),
    ]);
  });

  async function page(number: number, pageSize = 2) {
    const response = await searchFor(testApp, {
      postcode: 'BS1 4DJ',
      distance: '5',
      page: String(number),
      pageSize: String(pageSize),
    });
    return checkReply(searchServices, response, 200);
  }

  it('pages through every result once, ties broken by id, saying when there is more', async () => {
    const pages = [await page(1), await page(2), await page(3)];

    expect(pages.map((body) => body.results.map((service) => service.id))).toEqual([
      ['t-a', 't-b'],
      ['t-c', 't-d'],
      ['t-e', 'far'],
    ]);
    expect(pages.map((body) => body.hasMore)).toEqual([true, true, false]);
    expect(pages.map((body) => [body.totalResults, body.page, body.pageSize])).toEqual([
      [6, 1, 2],
      [6, 2, 2],
      [6, 3, 2],
    ]);
  });

  it('still reports the total past the last page', async () => {
    const body = await page(9);

    expect(body).toMatchObject({ results: [], totalResults: 6, hasMore: false, page: 9 });
  });

  it('defaults to page 1 of 10', async () => {
    const response = await searchFor(testApp, { postcode: 'BS1 4DJ', distance: '5' });

    expect(await checkReply(searchServices, response, 200)).toMatchObject({
      page: 1,
      pageSize: 10,
      totalResults: 6,
      hasMore: false,
    });
  });

  it.each([[''], ['?keyword=pharmacy'], ['?keyword=the']])(
    'asks for a place instead of listing the whole country (%s)',
    async (query) => {
      const response = await searchWithQueryString(testApp, query);

      expect(await checkReply(searchServices, response, 400)).toEqual({
        code: 'location_required',
        message: LOCATION_REQUIRED,
      });
    },
  );
});
