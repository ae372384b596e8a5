import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryRows, type Database } from '../client';
import { createTestDatabase } from '../test-db';
import { loadOpenDataOnce, OPEN_DATA_FILES } from './load';

const repoOpenData = fileURLToPath(new URL('../../../../open-data', import.meta.url));
const WHOLE = new Set<string>(['services_nhs_clinics.csv', 'services_nhs_community_support.csv']);

/** The clinics and community services as they are, the first rows of every other file. */
async function openDataWithClinics(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'locals-open-data-'));
  const files = [
    OPEN_DATA_FILES.districts,
    OPEN_DATA_FILES.postcodes,
    ...OPEN_DATA_FILES.services,
    OPEN_DATA_FILES.contacts,
    OPEN_DATA_FILES.helplines,
  ];
  for (const file of files) {
    if (WHOLE.has(file)) await copyFile(join(repoOpenData, file), join(dir, file));
    else {
      const lines = (await readFile(join(repoOpenData, file), 'utf8')).split('\n');
      await writeFile(join(dir, file), `${lines.slice(0, 41).join('\n')}\n`);
    }
  }
  return dir;
}

type AgesRow = { name: string; age_min: number | null; age_max: number | null };

async function agesOf(database: Database, where: ReturnType<typeof sql>): Promise<AgesRow[]> {
  return queryRows<AgesRow>(
    database.db,
    sql`select name, age_min, age_max from services where ${where} order by name`,
  );
}

describe('ages from the open data (decision 044)', () => {
  let database: Database;
  let dir: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    dir = await openDataWithClinics();
  });
  afterEach(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("gives children's centres 0 to 4, young people's and adult services theirs, and nothing else any", async () => {
    await loadOpenDataOnce(database, dir);

    const venues = await agesOf(database, sql`'Children''s centre' = any(service_types)`);
    expect(venues).toHaveLength(58);
    const unstated = venues.filter((venue) => venue.age_min === null && venue.age_max === null);
    expect(unstated).toEqual([{ name: 'Bessborough Family Hub', age_min: null, age_max: null }]);
    expect(venues.filter((venue) => venue.age_min === 0 && venue.age_max === 4)).toHaveLength(57);

    expect(
      await agesOf(
        database,
        sql`not ('Children''s centre' = any(service_types))
            and (age_min is not null or age_max is not null)`,
      ),
    ).toEqual([
      { name: 'Ealing Adult Learning Disability', age_min: 18, age_max: null },
      { name: 'Kingston Adult ADHD Service', age_min: 18, age_max: null },
      { name: "St Thomas' Hospital (Camhs Mental Health Unit)", age_min: 0, age_max: 17 },
      { name: 'Young Persons Substance Misuse Service', age_min: null, age_max: 25 },
    ]);
    const pharmacies = await agesOf(database, sql`'Pharmacy' = any(service_types)`);
    expect(pharmacies.length).toBeGreaterThan(0);
    expect(pharmacies.every((row) => row.age_min === null && row.age_max === null)).toBe(true);
  });

  it('gives the ages to a database loaded before the rules, on its next start', async () => {
    await loadOpenDataOnce(database, dir);
    // As the loader before decision 044 left it: no open-data service states ages.
    await database.db.execute(sql`update services set age_min = null, age_max = null`);
    expect(await loadOpenDataOnce(database, dir)).toBeNull();

    // The marker a loader of version 4 wrote.
    await database.db.execute(
      sql`update app_meta set value = jsonb_set(value, '{version}', '4'::jsonb)
          where key = 'open_data_loaded'`,
    );
    const report = await loadOpenDataOnce(database, dir);

    expect(report?.files).toEqual(expect.arrayContaining([...OPEN_DATA_FILES.services]));
    expect(
      await agesOf(
        database,
        sql`name = 'Kingston Adult ADHD Service' or name = 'Leys Children''s Centre'`,
      ),
    ).toEqual([
      { name: 'Kingston Adult ADHD Service', age_min: 18, age_max: null },
      { name: "Leys Children's Centre", age_min: 0, age_max: 4 },
    ]);
    expect(await loadOpenDataOnce(database, dir)).toBeNull();
  });
});
