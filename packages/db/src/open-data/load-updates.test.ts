import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appendFile, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryRows, type Database } from '../client';
import { createTestDatabase } from '../test-db';
import { loadOpenDataOnce, OPEN_DATA_FILES, OPEN_DATA_VERSION, type LoadProgress } from './load';

const repoOpenData = fileURLToPath(new URL('../../../../open-data', import.meta.url));
const FILES = [
  OPEN_DATA_FILES.districts,
  OPEN_DATA_FILES.postcodes,
  ...OPEN_DATA_FILES.services,
  OPEN_DATA_FILES.contacts,
  OPEN_DATA_FILES.helplines,
];

/** The first rows of each real file: the real columns, quick to load. */
async function smallOpenData(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'locals-open-data-'));
  for (const file of FILES) {
    const lines = (await readFile(join(repoOpenData, file), 'utf8')).split('\n');
    await writeFile(join(dir, file), `${lines.slice(0, 41).join('\n')}\n`);
  }
  return dir;
}

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ count: number }>(database.db, query);
  return row?.count ?? -1;
}

describe('loading the open data safely and keeping it current', () => {
  let database: Database;
  let dir: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    dir = await smallOpenData();
  });
  afterEach(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('names every missing file, the folder and what to do, before loading anything', async () => {
    await unlink(join(dir, OPEN_DATA_FILES.districts));
    await unlink(join(dir, OPEN_DATA_FILES.helplines));
    const error = await loadOpenDataOnce(database, dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toContain(
      `'uk_postcode_districts.csv', 'helplines.csv' not found in OPEN_DATA_DIR '${dir}'`,
    );
    expect(message).toContain('npm run data:update');
    expect(await count(database, sql`select count(*)::int as count from services`)).toBe(0);
  });

  it('leaves nothing half-made when a file fails part-way, and the next start loads it all', async () => {
    const foodBanks = join(dir, 'services_food_banks.csv');
    const good = await readFile(foodBanks, 'utf8');
    // The same id twice: the upsert refuses, after districts and postcodes were written.
    await appendFile(foodBanks, good.split('\n')[1]!);
    await expect(loadOpenDataOnce(database, dir)).rejects.toThrow();
    expect(await count(database, sql`select count(*)::int as count from postcode_districts`)).toBe(
      0,
    );
    expect(await count(database, sql`select count(*)::int as count from postcodes`)).toBe(0);
    expect(await count(database, sql`select count(*)::int as count from app_meta`)).toBe(0);

    await writeFile(foodBanks, good);
    const report = await loadOpenDataOnce(database, dir);
    expect(report).toMatchObject({ kind: 'first', districts: 40, postcodes: 40, helplines: 17 });
    expect(
      await count(
        database,
        sql`select count(*)::int as count from services where source = 'givefood'`,
      ),
    ).toBe(40);
  });

  it('brings a database loaded by an older version up to date, keeping what people added', async () => {
    await loadOpenDataOnce(database, dir);
    // The database as version 1 left it: no helplines, no food banks, an old search text, a
    // demo food bank, and a rating people gave.
    await database.db.execute(sql`
      update app_meta set value = '{"districts": 40, "postcodes": 40, "services": 120}'::jsonb
      where key = 'open_data_loaded'`);
    await database.db.execute(sql`delete from helplines`);
    await database.db.execute(sql`delete from services where source = 'givefood'`);
    await database.db.execute(sql`
      update services set search_document = 'old text with an address', rating_average = 4.5,
        review_count = 2 where id = 'ods:F82625'`);
    await database.db.execute(sql`
      insert into services (id, name, name_original, source, licence, categories)
      values ('demo:food-bs1-1', 'BS1 Food Bank (demo)', 'BS1 Food Bank (demo)', 'demo', 'Demo data', '{food}')`);

    const report = await loadOpenDataOnce(database, dir);

    expect(report).toMatchObject({ kind: 'update', districts: 0, postcodes: 0, helplines: 17 });
    expect(report?.files).toEqual([...OPEN_DATA_FILES.services, OPEN_DATA_FILES.helplines]);
    expect(
      await count(
        database,
        sql`select count(*)::int as count from services where source = 'givefood'`,
      ),
    ).toBe(40);
    expect(
      await count(
        database,
        sql`select count(*)::int as count from services where id = 'demo:food-bs1-1'`,
      ),
    ).toBe(0);
    const [gp] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select search_document like 'NHS GP practice%' as is_new_text, rating_average, review_count
          from services where id = 'ods:F82625'`,
    );
    expect(gp).toEqual({ is_new_text: true, rating_average: 4.5, review_count: 2 });
    const [marker] = await queryRows<{ version: number }>(
      database.db,
      sql`select (value->>'version')::int as version from app_meta where key = 'open_data_loaded'`,
    );
    expect(marker?.version).toBe(OPEN_DATA_VERSION);
  });

  it('leaves a current database alone, and reloads only a file whose content changed', async () => {
    await loadOpenDataOnce(database, dir);
    await database.db.execute(
      sql`update services set name = 'Renamed' where id in ('ods:F82625', 'givefood:barking')`,
    );
    expect(await loadOpenDataOnce(database, dir)).toBeNull();

    const foodBanks = join(dir, 'services_food_banks.csv');
    await writeFile(
      foodBanks,
      (await readFile(foodBanks, 'utf8')).replace('02086170660', '02086170661'),
    );
    const report = await loadOpenDataOnce(database, dir);

    expect(report).toMatchObject({
      kind: 'update',
      files: ['services_food_banks.csv'],
      services: 40,
    });
    const names = await queryRows<{ id: string; name: string; phones: string[] }>(
      database.db,
      sql`select id, name, phones from services where id in ('ods:F82625', 'givefood:barking') order by id`,
    );
    expect(names).toEqual([
      { id: 'givefood:barking', name: 'Barking', phones: ['020 8617 0661'] },
      { id: 'ods:F82625', name: 'Renamed', phones: ['020 8090 8106'] },
    ]);
  });

  it('reads the service files again when the NHS contact details change', async () => {
    await loadOpenDataOnce(database, dir);
    const contacts = join(dir, OPEN_DATA_FILES.contacts);
    const [header = ''] = (await readFile(contacts, 'utf8')).split('\n').map((line) => line.trim());
    const row: Record<string, string> = {
      ods_code: 'F82625',
      service_id: 'ods:F82625',
      postcode_matches: 'yes',
      website: 'www.abbeymedical.example',
      source_as_of: '2019-05',
    };
    await appendFile(
      contacts,
      `${header
        .split(',')
        .map((column) => row[column] ?? '')
        .join(',')}\n`,
    );

    const report = await loadOpenDataOnce(database, dir);

    expect(report?.files).toEqual(OPEN_DATA_FILES.services);
    const [gp] = await queryRows<{ website: string; contact_sources: unknown }>(
      database.db,
      sql`select website, contact_sources->'website' as contact_sources from services where id = 'ods:F82625'`,
    );
    expect(gp).toEqual({
      website: 'http://www.abbeymedical.example',
      contact_sources: { source: 'NHS website data', asOf: '2019-05' },
    });
  });

  it('tells its listener each file it reads, with rows so far and about how many (issue 32)', async () => {
    const heard: LoadProgress[] = [];
    await loadOpenDataOnce(database, dir, { onProgress: (progress) => heard.push(progress) });

    const steps = [...new Set(heard.map((progress) => progress.step))];
    expect(steps).toEqual([
      OPEN_DATA_FILES.districts,
      OPEN_DATA_FILES.postcodes,
      OPEN_DATA_FILES.contacts,
      ...OPEN_DATA_FILES.services,
      'saving services',
      OPEN_DATA_FILES.helplines,
      'demo listings',
    ]);
    expect(heard).toContainEqual({ step: OPEN_DATA_FILES.postcodes, rows: 0, expectedRows: 40 });
    expect(heard).toContainEqual({ step: OPEN_DATA_FILES.postcodes, rows: 40, expectedRows: 40 });
    const saved = heard.filter((progress) => progress.step === 'saving services');
    expect(saved.at(-1)?.rows).toBe(saved.at(-1)?.expectedRows);
    expect(saved.at(-1)?.rows).toBeGreaterThan(0);

    heard.length = 0;
    await loadOpenDataOnce(database, dir, { onProgress: (progress) => heard.push(progress) });
    expect(heard).toEqual([]);
  });

  it('keeps no demo listing with demo content off, and brings them back when it is on (issue 26)', async () => {
    const demos = sql`select count(*)::int as count from services where source = 'demo'`;
    await loadOpenDataOnce(database, dir);
    expect(await count(database, demos)).toBeGreaterThan(0);

    const off = await loadOpenDataOnce(database, dir, { demoContent: false });
    expect(off).toMatchObject({ demoServices: 0 });
    expect(await count(database, demos)).toBe(0);
    expect(await loadOpenDataOnce(database, dir, { demoContent: false })).toBeNull();

    const on = await loadOpenDataOnce(database, dir, { demoContent: true });
    expect(on?.demoServices).toBeGreaterThan(0);
    expect(await count(database, demos)).toBe(on?.demoServices);
  });
});
