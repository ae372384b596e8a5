import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { queryRows, type Database } from '../client';
import { createTestDatabase } from '../test-db';
import { loadOpenDataOnce } from './load';

const openDataDir = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));

describe('loadOpenDataOnce', () => {
  let database: Database;
  let first: Awaited<ReturnType<typeof loadOpenDataOnce>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await loadOpenDataOnce(database, openDataDir);
  }, 120_000);
  afterAll(() => database.close());

  it('loads every district, unit postcode and real service in the shared data', () => {
    expect(first).toMatchObject({ districts: 2961, postcodes: 265_033, services: 3544 });
    expect(first?.rejected).toEqual([]);
  });

  it('places known postcodes where they are', async () => {
    const [palace] = await queryRows<{ latitude: number; longitude: number; outcode: string }>(
      database.db,
      sql`select latitude, longitude, outcode from postcodes where postcode = 'SW1A 1AA'`,
    );
    expect(palace).toEqual({ latitude: 51.50101, longitude: -0.14156, outcode: 'SW1A' });
  });

  it('maps sources onto categories and tidies NHS capitals, keeping the originals', async () => {
    const rows = await queryRows<{ name: string; name_original: string; categories: string[]; verified: boolean; licence: string }>(
      database.db,
      sql`select name, name_original, categories, verified, licence from services where id = 'ods:F82625'`,
    );
    expect(rows[0]).toEqual({
      name: 'Abbey Medical Centre',
      name_original: 'ABBEY MEDICAL CENTRE',
      categories: ['health'],
      verified: true,
      licence: 'Open Government Licence v3.0',
    });
    const [library] = await queryRows<{ categories: string[] }>(
      database.db,
      sql`select categories from services where source = 'libraries-hacked' limit 1`,
    );
    expect(library?.categories).toEqual(['welcomespaces', 'skillsdevelopment']);
  });

  it('adds demo listings that are labelled, unverified and at real postcodes', async () => {
    expect(first?.demoServices).toBeGreaterThan(100);
    const [misplaced] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from services s
          where s.source = 'demo' and (s.verified or s.name not like '%(demo)'
            or not exists (select 1 from postcodes p where p.postcode = s.postcode))`,
    );
    expect(misplaced?.count).toBe(0);
  });

  it('does nothing on the next start', async () => {
    await database.db.execute(sql`update services set name = 'Renamed by a person' where id = 'ods:F82625'`);
    expect(await loadOpenDataOnce(database, openDataDir)).toBeNull();
    const [row] = await queryRows<{ name: string }>(database.db, sql`select name from services where id = 'ods:F82625'`);
    expect(row?.name).toBe('Renamed by a person');
  });
});
