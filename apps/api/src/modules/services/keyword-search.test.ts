import { listHelplines } from '@locals/contracts/routes/helplines';
import { searchServices } from '@locals/contracts/routes/services';
import type { SearchQueryInput } from '@locals/contracts/search';
import { helplines } from '@locals/db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import {
  aService,
  insertBristolGeography,
  insertDistricts,
  insertServices,
} from '../../testing/directory-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { north, resultIds, searchNearBs1 } from '../../testing/search-fixtures';
import { useTestApp } from '../../testing/test-app';

/**
 * The traps issue 10 found on the real data, in miniature: 'Bank' in addresses, 'House' in a
 * pharmacy's name, a pharmacy that mentions mental health, and a housing demo listing.
 */
const SERVICES = [
  aService({
    id: 'bank-street-pharmacy',
    name: 'Harbour Pharmacy',
    address: 'South Bank Tower, Bank Street',
    description: 'Community pharmacy: prescriptions and medicines advice.',
    serviceTypes: ['Pharmacy'],
    ...north(0),
  }),
  aService({
    id: 'school-bank-gp',
    name: 'Redcliffe Surgery',
    address: 'School Bank Road',
    description: 'NHS GP practice. Register here to see a GP.',
    serviceTypes: ['GP practice'],
    ...north(0.4),
  }),
  aService({
    id: 'dental-surgery',
    name: 'Harbour Dental Surgery',
    description: 'Dental practice holding an NHS dental contract.',
    serviceTypes: ['Dentist', 'NHS dental practice'],
    ...north(0.2),
  }),
  aService({
    id: 'boots',
    name: 'Boots',
    description: 'Community pharmacy: prescriptions, health checks and mental health support.',
    serviceTypes: ['Pharmacy'],
    ...north(0.1),
  }),
  aService({
    id: 'hill-house-pharmacy',
    name: 'Hill House Pharmacy',
    description: 'Community pharmacy: prescriptions and medicines advice.',
    serviceTypes: ['Pharmacy'],
    ...north(0.3),
  }),
  aService({
    id: 'fridge',
    name: 'Community Fridge',
    description: 'Free surplus food for anyone who needs it.',
    categories: ['food'],
    serviceTypes: ['Community fridge'],
    ...north(0.5),
  }),
  aService({
    id: 'foodbank-near',
    name: 'Central Foodbank',
    description: 'Emergency food parcels.',
    categories: ['food'],
    serviceTypes: ['Food bank', 'Emergency food'],
    ...north(1),
  }),
  aService({
    id: 'foodbank-far',
    name: 'North Bristol',
    description: 'Food bank for north Bristol.',
    categories: ['food'],
    serviceTypes: ['Food bank', 'Emergency food'],
    ...north(3),
  }),
  aService({
    id: 'talking-space',
    name: 'Talking Space',
    description: 'Talking therapies for adults.',
    categories: ['mentalhealth'],
    serviceTypes: ['Mental health service'],
    ...north(2),
  }),
  aService({
    id: 'housing-demo',
    name: 'Housing Advice Drop-in (demo)',
    description: 'A demo listing, not a real service.',
    categories: ['housing'],
    serviceTypes: ['Housing advice'],
    verified: false,
    source: 'demo',
    ...north(0.6),
  }),
  aService({
    id: 'library',
    name: 'Central Library',
    description: 'A free, warm place to read and get online.',
    categories: ['welcomespaces'],
    serviceTypes: ['Public library', 'Welcome space'],
    weeklyHours: {
      note: 'Staffed hours',
      sessions: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:30', closes: '17:00' })),
    },
    openingHours:
      'staffed: Mon 09:30-17:00; Tue 09:30-17:00; Wed 09:30-17:00; Thu 09:30-17:00; Fri 09:30-17:00',
    ...north(0.7),
  }),
];

const HELPLINES = [
  { id: 'samaritans', categories: ['mentalhealth'], organisation: 'Samaritans' },
  { id: 'streetlink', categories: ['housing'], organisation: 'StreetLink' },
  { id: 'nhs-111', categories: ['health'], organisation: 'NHS' },
].map((line, position) => ({
  ...line,
  position,
  service: `${line.organisation} line`,
  phone: '0800 000 000',
  hours: '24 hours',
  helpsWith: 'Help',
  nations: 'UK-wide',
  sourceUrls: ['https://example.org'],
  sourceSeen: 'undated',
}));

/** Monday 2 June 2025, 10:00 in London (BST), unless a test moves the clock. */
let clock = new Date('2025-06-02T09:00:00Z');

describe('keyword relevance (issue 10, decision 011)', () => {
  const testApp = useTestApp({ now: () => clock });
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertDistricts(testApp.database, [
      {
        outcode: 'M1',
        area: 'M',
        latitude: 53.4776,
        longitude: -2.2353,
        ladCode: 'E08000003',
        ladName: 'Manchester',
      },
    ]);
    await insertServices(testApp.database, SERVICES);
    await testApp.database.db.insert(helplines).values(HELPLINES);
  });

  /** Where the person asked, unless `query` names the place itself. */
  async function searchAnywhere(query: SearchQueryInput) {
    const response = await aVisitor(testApp.app).call(searchServices, { query });
    return checkReply(searchServices, response, 200);
  }
  const search = (query: SearchQueryInput) => searchNearBs1(testApp.app, query);

  describe('every word first', () => {
    it("'food bank' finds food banks, nearest first, and nothing on Bank Street", async () => {
      const body = await search({ keyword: 'food bank' });

      expect(resultIds(body)).toEqual(['foodbank-near', 'foodbank-far']);
      expect(body.keyword).toEqual({
        searched: 'food bank',
        used: 'food bank',
        match: 'all',
        matchedTerms: ['food bank'],
        message: null,
        category: 'food',
      });
    });

    it('needs every word, not any: two words that each match something alone find nothing together', async () => {
      const body = await search({ keyword: 'pharmacy fridge' });

      expect(body.keyword?.match).toBe('some');
    });

    it("falls back to the words that match, saying so: 'food laundry' shows 'food'", async () => {
      const body = await search({ keyword: 'food laundry' });

      expect(body.keyword).toMatchObject({
        match: 'some',
        matchedTerms: ['food'],
        message: "No exact matches for 'food laundry'; showing services matching 'food'",
      });
      expect(resultIds(body)).toEqual(
        expect.arrayContaining(['fridge', 'foodbank-near', 'foodbank-far']),
      );
    });

    it('says so when nothing matches at all', async () => {
      const body = await search({ keyword: 'trampoline' });

      expect(resultIds(body)).toEqual([]);
      expect(body.keyword).toMatchObject({
        match: 'none',
        message: "No services here match 'trampoline'",
      });
    });
  });

  describe('what a service is, never where it is', () => {
    it.each(['bank street', 'school bank road', 'tower'])(
      '%s matches no address',
      async (keyword) => {
        const body = await search({ keyword });

        expect(resultIds(body)).not.toContain('bank-street-pharmacy');
        expect(resultIds(body)).not.toContain('school-bank-gp');
      },
    );

    it("'housing advice' does not find a pharmacy called Hill House", async () => {
      const body = await search({ keyword: 'housing advice', includeUnverified: 'true' });

      expect(resultIds(body)).toEqual(['housing-demo']);
    });

    it('a postcode typed in the keyword is the location, not a word to match', async () => {
      const body = await searchAnywhere({ keyword: 'pharmacy near bs14dj', distance: '5' });

      expect(body.location).toMatchObject({ postcode: 'BS1 4DJ', precision: 'postcode' });
      expect(body.keyword).toMatchObject({ used: 'pharmacy', match: 'all' });
      expect(resultIds(body)).toEqual(['bank-street-pharmacy', 'boots', 'hill-house-pharmacy']);
    });

    it('a local authority typed in the keyword is the location', async () => {
      const body = await searchAnywhere({ keyword: 'food bank Bristol', distance: '10' });

      expect(body.location).toMatchObject({ areaName: 'Bristol, City of', precision: 'district' });
      expect(body.keyword).toMatchObject({ used: 'food bank', match: 'all' });
      expect(resultIds(body)).toEqual(['foodbank-near', 'foodbank-far']);
    });
  });

  describe('everyday words from the thesaurus', () => {
    it.each([
      ['foodbank', ['foodbank-near', 'foodbank-far']],
      ['food parcels', ['foodbank-near', 'foodbank-far']],
      ['chemist', ['bank-street-pharmacy', 'boots', 'hill-house-pharmacy']],
      // GP practices first; a dental *surgery* matches the everyday word too, after them.
      ['doctor', ['school-bank-gp', 'dental-surgery']],
      ['talking therapies', ['talking-space']],
      ['warm space', ['library']],
    ])('%s finds %j', async (keyword, expected) => {
      const body = await search({ keyword });

      expect(resultIds(body)).toEqual(expected);
    });
  });

  describe('what the keyword names ranks first', () => {
    it("'mental health' puts the mental-health service before a nearer pharmacy that mentions it", async () => {
      const body = await search({ keyword: 'mental health' });

      expect(resultIds(body)).toEqual(['talking-space', 'boots']);
      expect(body.keyword?.category).toBe('mentalhealth');
    });

    it("'surgery' puts the GP practice before a nearer dental surgery", async () => {
      const body = await search({ keyword: 'surgery' });

      expect(resultIds(body)).toEqual(['school-bank-gp', 'dental-surgery']);
    });
  });

  describe('spelling', () => {
    it.each([
      ['pharmasy', 'pharmacy'],
      ['fodbank', 'food bank'],
      ['councelling', 'counselling'],
    ])('corrects %s, a word nothing matches, to %s, and says so', async (keyword, used) => {
      const body = await search({ keyword });

      expect(body.keyword).toMatchObject({
        used,
        match: 'spelling',
        message: `No exact matches for '${keyword}'; showing results for '${used}'`,
      });
    });

    it('never corrects a word that matches something', async () => {
      const body = await search({ keyword: 'fridge' });

      expect(body.keyword).toMatchObject({ used: 'fridge', match: 'all' });
      expect(resultIds(body)).toEqual(['fridge']);
    });

    it('does not stretch a near-miss into another word', async () => {
      const body = await search({ keyword: 'foot' });

      expect(body.keyword?.match).toBe('none');
    });
  });

  describe('coverage and gaps', () => {
    it('a covered postcode is covered, with no helplines when services were found', async () => {
      const body = await search({ keyword: 'pharmacy' });

      expect(body.coverage).toEqual({ covered: true, areaName: 'Bristol, City of', message: null });
      expect(body.categoryGap).toBeNull();
      expect(body.helplines).toEqual([]);
    });

    it('an area Locals does not cover says so, with every national helpline, and no results', async () => {
      const body = await search({ postcode: 'M1 1AE', distance: '40' });

      expect(body.coverage).toEqual({
        covered: false,
        areaName: 'Manchester',
        message: 'Locals does not cover Manchester yet.',
      });
      expect(resultIds(body)).toEqual([]);
      expect(body.helplines.map((line) => line.id)).toEqual([
        'samaritans',
        'streetlink',
        'nhs-111',
      ]);
    });

    it('a category with only demo listings near says so and shows its helplines', async () => {
      const body = await search({ category: 'housing', includeUnverified: 'true' });

      expect(resultIds(body)).toEqual(['housing-demo']);
      expect(body.categoryGap).toEqual({
        category: 'housing',
        message: 'Locals has no Housing services within 10 miles of BS1 4DJ yet.',
      });
      expect(body.helplines.map((line) => line.id)).toEqual(['streetlink']);
    });

    it('a keyword that names an empty category gets the same help', async () => {
      const body = await search({ keyword: 'homeless' });

      expect(body.categoryGap?.category).toBe('housing');
      expect(body.helplines.map((line) => line.id)).toEqual(['streetlink']);
    });

    it('lists the helplines for one category at /api/helplines', async () => {
      const response = await aVisitor(testApp.app).call(listHelplines, {
        query: { category: 'mentalhealth' },
      });

      const body = await checkReply(listHelplines, response, 200);
      expect(body.helplines.map((line) => line.id)).toEqual(['samaritans']);
      // Shown as printed; dialled as libphonenumber writes it (uk-phone.test.ts has short codes).
      expect(body.helplines[0]).toMatchObject({
        phone: '0800 000 000',
        phoneHref: 'tel:+44800000000',
      });
    });
  });

  describe('opening hours', () => {
    it('says open or closed only from structured hours, in London time', async () => {
      clock = new Date('2025-06-02T09:00:00Z'); // Monday 10:00 BST
      const open = await search({ keyword: 'library' });
      clock = new Date('2025-06-02T16:30:00Z'); // Monday 17:30 BST
      const closed = await search({ keyword: 'library' });
      const unknown = await search({ keyword: 'pharmacy' });

      expect(open.results[0]).toMatchObject({
        openState: 'open',
        openingHours: 'Staffed hours: Monday to Friday: 9:30am to 5pm; Saturday and Sunday: closed',
      });
      expect(closed.results[0]?.openState).toBe('closed');
      expect(unknown.results.map((service) => service.openState)).toEqual([
        'unknown',
        'unknown',
        'unknown',
      ]);
    });

    it('filters to services open now', async () => {
      clock = new Date('2025-06-02T09:00:00Z');
      const open = await search({ openNow: 'true' });
      clock = new Date('2025-06-07T09:00:00Z'); // Saturday
      const weekend = await search({ openNow: 'true' });

      expect(resultIds(open)).toEqual(['library']);
      expect(resultIds(weekend)).toEqual([]);
    });

    it('says how many services open-now leaves out for having no hours, and can include them', async () => {
      clock = new Date('2025-06-02T09:00:00Z'); // Monday 10:00 BST: the library is open
      const every = await search({ pageSize: '1000' });
      const unknownHours = every.results.filter((service) => service.openState === 'unknown');
      const open = await search({ openNow: 'true' });
      const openOrUnknown = await search({
        openNow: 'true',
        includeUnknownHours: 'true',
        pageSize: '1000',
      });

      expect(unknownHours.length).toBeGreaterThan(0);
      expect(open.refinements?.hoursNotKnown).toBe(unknownHours.length);
      expect(resultIds(openOrUnknown).sort()).toEqual(
        ['library', ...unknownHours.map((service) => service.id)].sort(),
      );
      // Once they are included, nothing is left out for its hours.
      expect(openOrUnknown.refinements?.hoursNotKnown).toBeNull();
      expect(every.refinements?.hoursNotKnown).toBeNull();
    });
  });
});
