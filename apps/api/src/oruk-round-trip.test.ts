import type { AddressInfo } from 'node:net';
import { queryRows } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImportArgs, runImport } from './cli/import-command';
import {
  aService,
  insertBristolGeography,
  insertServices,
  POSTCODES,
} from './testing/directory-fixtures';
import { createTestApp } from './testing/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Issue 16's round trip: Locals' own /api/oruk feed, imported by `npm run import` into a fresh
 * data directory, gives back the same services at the same postcodes, in the same categories,
 * found by a postcode search.
 */
const PUBLISHED = [
  aService({
    id: 'rt:pantry',
    name: 'Easton Community Pantry',
    categories: ['food'],
    postcode: 'BS2 0JA',
    outcode: 'BS2',
    address: '12 Stapleton Road, Bristol',
    ...POSTCODES['BS2 0JA'],
    weeklyHours: { note: null, sessions: [{ day: 6, opens: '10:00', closes: '12:00' }] },
  }),
  aService({
    id: 'rt:walks',
    name: 'Harbourside Walks',
    categories: ['sport', 'mentalhealth'],
    postcode: 'BS1 5TR',
    address: 'Canons Way, Bristol',
    ...POSTCODES['BS1 5TR'],
  }),
  aService({ id: 'rt:advice', name: 'Ducie Road Advice', categories: ['health'] }),
];

describe('the Open Referral UK feed, round trip', () => {
  let published: TestApp;
  let imported: TestApp;
  let base: string;

  beforeAll(async () => {
    published = await createTestApp();
    await insertBristolGeography(published.database);
    await insertServices(published.database, [
      ...PUBLISHED,
      // Neither an example nor an unchecked listing leaves Locals.
      aService({ id: 'rt:demo', name: 'Example Listing', source: 'demo', verified: false }),
      aService({ id: 'rt:unverified', name: 'Unchecked Listing', verified: false }),
    ]);
    await published.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(published.app.server.address() as AddressInfo).port}/api/oruk`;
    // A fresh directory with only the postcode geography, as a new install has.
    imported = await createTestApp();
    await insertBristolGeography(imported.database);
  });
  afterAll(async () => {
    await published?.close();
    await imported?.close();
  });

  it('imports into a fresh directory the same names, postcodes and categories', async () => {
    await runImport(
      imported.database,
      // Every listing Locals publishes is verified; the operator vouches for the source.
      parseImportArgs([base, '--source', 'locals-feed', '--licence', 'OGL v3.0', '--verified']),
    );
    const rows = await queryRows<{ name: string; postcode: string; categories: string[] }>(
      imported.database.db,
      sql`select name, postcode, categories from services order by name`,
    );
    expect(rows.map((row) => ({ ...row, categories: [...row.categories].sort() }))).toEqual(
      PUBLISHED.map(({ name, postcode, categories }) => ({
        name,
        postcode,
        categories: [...(categories ?? [])].sort(),
      })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('lets a postcode search in the new directory find them where they were', async () => {
    const response = await imported.app.inject({
      method: 'GET',
      url: '/api/HealthServices/search-new?postcode=BS1%204DJ&distance=5',
    });
    const { results } = response.json<{ results: { name: string; postcode: string }[] }>();
    expect(results.map(({ name, postcode }) => `${name}, ${postcode}`).sort()).toEqual(
      PUBLISHED.map(({ name, postcode }) => `${name}, ${postcode}`).sort(),
    );
  });
});
