import type { SearchQueryInput } from '@locals/contracts/search';
import { queryRows } from '@locals/db/client';
import { upsertServices } from '@locals/db/open-data/upsert-services';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { north, resultIds, searchNearBs1 } from '../../testing/search-fixtures';
import { useTestApp } from '../../testing/test-app';
import { parseKeyword } from './keyword';
import { searchStatement } from './search-sql';
import { THESAURUS } from '@locals/db/thesaurus';

const SERVICES = [
  aService({
    id: 'foodbank',
    name: 'Central Foodbank',
    description: 'Emergency food parcels.',
    categories: ['food'],
    serviceTypes: ['Food bank'],
    ...north(1),
  }),
  aService({
    id: 'pantry',
    name: 'Riverside Community Pantry',
    description: 'Low-cost food, and a warm room on weekdays.',
    categories: ['food', 'welcomespaces'],
    serviceTypes: ['Community pantry'],
    ...north(2),
  }),
  aService({
    id: 'unverified-pantry',
    name: 'Hillside Pantry',
    description: 'Low-cost food.',
    categories: ['food'],
    serviceTypes: ['COMMUNITY PANTRY'],
    verified: false,
    ...north(0.5),
  }),
  aService({
    id: 'lunch',
    name: 'Harbour Lunch Club',
    description: 'Hot meals for older people.',
    categories: ['food'],
    serviceTypes: ['Lunch club'],
    ...north(0.2),
  }),
  aService({ id: 'uncategorised', name: 'Pantry Advice', categories: [], ...north(0.3) }),
  aService({ id: 'elsewhere', name: 'Pantry Corner', categories: ['retail'], ...north(0.4) }),
];

/**
 * Decision 019: a keyword in a category reads its matches from service_search, one row per
 * service and category, which triggers keep equal to what services hold.
 */
describe('service_search (decision 019)', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, SERVICES);
  });

  /** Rows in service_search that services do not imply, and the other way round. */
  const differences = async () => {
    const expected = sql`select distinct c.category, s.id, s.latitude, s.longitude, s.verified, s.categories,
        lower(s.service_types::text)::text[] as service_types_lower, s.search, s.search_exact
      from services s, unnest(s.categories) as c(category) where c.category is not null`;
    const held = sql`select category, id, latitude, longitude, verified, categories, service_types_lower,
        search, search_exact from service_search`;
    const [row] = await queryRows<{ count: number }>(
      testApp.database.db,
      sql`select count(*)::int as count from ((${held} except all ${expected})
          union all (${expected} except all ${held})) as d`,
    );
    return row?.count;
  };
  const rowsOf = (id: string) =>
    queryRows<{ category: string; place: string }>(
      testApp.database.db,
      sql`select category, ctid::text as place from service_search where id = ${id} order by category`,
    );

  it('holds a row for each category of each service, and none for a service without one', async () => {
    expect(await differences()).toBe(0);
    expect((await rowsOf('pantry')).map((row) => row.category)).toEqual(['food', 'welcomespaces']);
    expect(await rowsOf('uncategorised')).toEqual([]);
    expect((await rowsOf('elsewhere')).map((row) => row.category)).toEqual(['retail']);
  });

  it('follows services as they are renamed, recategorised and removed', async () => {
    await upsertServices(testApp.database, [
      { ...SERVICES[1]!, name: 'Riverside Larder', categories: ['food'] },
      { ...SERVICES[3]!, verified: false },
    ]);
    expect(await differences()).toBe(0);
    expect((await rowsOf('pantry')).map((row) => row.category)).toEqual(['food']);

    await testApp.database.db.execute(sql`delete from services where id = 'lunch'`);
    expect(await differences()).toBe(0);
    expect(await rowsOf('lunch')).toEqual([]);

    await upsertServices(testApp.database, [SERVICES[1]!, SERVICES[3]!]);
    expect(await differences()).toBe(0);
  });

  it('leaves the rows of a service whose search columns did not change where they are', async () => {
    const before = await rowsOf('foodbank');

    await upsertServices(testApp.database, [{ ...SERVICES[0]!, phones: ['0117 111 1111'] }]);

    expect(await rowsOf('foodbank')).toEqual(before);
    expect(await differences()).toBe(0);
  });
});

describe('a keyword in a category (decision 019)', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, SERVICES);
  });

  const search = (query: SearchQueryInput) => searchNearBs1(testApp.app, query);

  it.each<{ query: SearchQueryInput; expected: string[] }>([
    { query: { keyword: 'food bank', category: 'food' }, expected: ['foodbank', 'pantry'] },
    {
      query: { keyword: 'food bank', category: 'food', includeUnverified: 'true' },
      expected: ['unverified-pantry', 'foodbank', 'pantry'],
    },
    { query: { keyword: 'food bank', category: 'welcomespaces' }, expected: ['pantry'] },
    { query: { keyword: 'fodbank', category: 'food' }, expected: ['foodbank', 'pantry'] },
    { query: { keyword: 'meals', category: 'food' }, expected: ['lunch'] },
  ])('finds $expected for $query', async ({ query, expected }) => {
    const body = await search(query);

    expect(resultIds(body)).toEqual(expected);
    expect(body.totalResults).toBe(expected.length);
  });

  it('gives each match the distance earth_distance gives, to the bit', async () => {
    const origin = { latitude: 51.4519, longitude: -2.5967 };
    const foodBank = THESAURUS.find((concept) => concept.id === 'food-bank')!;
    const rows = await queryRows<{ id: string; metres: number }>(
      testApp.database.db,
      searchStatement(
        { kind: 'radius', ...origin, radiusMetres: 16093.44 },
        {
          category: 'food',
          serviceTypes: [],
          includeUnverified: true,
          keyword: {
            terms: parseKeyword('food bank').terms,
            mode: 'all',
            category: foodBank.category,
            serviceTypes: foodBank.serviceTypes,
          },
        },
        { limit: 10, offset: 0 },
      ),
    );
    const expected = await queryRows<{ id: string; metres: number }>(
      testApp.database.db,
      sql`select id, earth_distance(ll_to_earth(${origin.latitude}::float8, ${origin.longitude}::float8),
                                    ll_to_earth(latitude, longitude)) as metres
          from services where id = any(${sql.param(rows.map((row) => row.id))}::text[])`,
    );
    expect(rows.map((row) => row.id)).toEqual(['unverified-pantry', 'foodbank', 'pantry']);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.metres]))).toEqual(
      Object.fromEntries(expected.map((row) => [row.id, row.metres])),
    );
  });
});
