import { fileURLToPath } from 'node:url';
import { queryRows, type Database } from '@locals/db/client';
import { createTestDatabase } from '@locals/db/test-db';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBristolGeography } from '../testing/directory-fixtures';
import { parseImportArgs, runImport } from './import-command';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const OGL = 'Open Government Licence v3.0';

describe('npm run import', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
    await insertBristolGeography(database);
  });
  afterEach(async () => database.close());

  const countServices = async () =>
    (await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from services`))[0]?.count;

  describe('services from Open Referral UK JSON', () => {
    const command = parseImportArgs([fixture('oruk-services.json'), '--licence', OGL]);

    it('imports what it can place and reports each rejected row with its reason', async () => {
      const report = await runImport(database, command);

      expect(report).toBe(
        [
          "Imported services from oruk-services.json (source 'import:oruk-services.json')",
          '  accepted: 2',
          '  rejected: 3',
          '    1 x no coordinates, and its postcode is not in the postcode table (row 3)',
          '    1 x missing name (row 4)',
          '    1 x status is defunct (row 5)',
        ].join('\n'),
      );
      const rows = await queryRows<Record<string, unknown>>(
        database.db,
        sql`select id, name, provider, postcode, outcode, latitude, longitude, lad_name, categories, opening_hours,
                   phones, age_min, source, licence, verified
            from services order by id`,
      );
      expect(rows).toEqual([
        expect.objectContaining({
          id: 'import:oruk-services.json:2',
          postcode: 'BS1 5TR',
          // No coordinates in the record: the unit postcode's.
          latitude: 51.4493,
          longitude: -2.5832,
          lad_name: 'Bristol, City of',
          categories: ['mentalhealth', 'sport'],
        }),
        expect.objectContaining({
          id: 'import:oruk-services.json:svc-1',
          name: 'St Pauls Food Bank',
          provider: 'St Pauls Community Trust',
          postcode: 'BS2 8XJ',
          outcode: 'BS2',
          latitude: 51.4627,
          longitude: -2.5841,
          lad_name: 'Bristol, City of',
          categories: ['food'],
          opening_hours: 'Mon 10:00-13:00; Thu, Fri 10:00-12:30',
          phones: ['0117 914 0000'],
          age_min: 18,
          source: 'import:oruk-services.json',
          licence: OGL,
          verified: false,
        }),
      ]);
    });

    it('is idempotent: a second run updates the same rows', async () => {
      await runImport(database, command);
      await database.db.execute(sql`update services set name = 'Edited' where id = 'import:oruk-services.json:svc-1'`);
      await runImport(database, command);

      expect(await countServices()).toBe(2);
      const [row] = await queryRows<{ name: string }>(
        database.db,
        sql`select name from services where id = 'import:oruk-services.json:svc-1'`,
      );
      expect(row?.name).toBe('St Pauls Food Bank');
    });

    it('labels the source as asked and can mark an authoritative feed verified', async () => {
      await runImport(database, parseImportArgs([fixture('oruk-services.json'), '--licence', OGL, '--source', 'bristol-council', '--verified']));

      const rows = await queryRows<{ id: string; source: string; verified: boolean }>(
        database.db,
        sql`select id, source, verified from services order by id`,
      );
      expect(rows[0]).toEqual({ id: 'bristol-council:2', source: 'bristol-council', verified: true });
    });
  });

  it('imports flattened ORUK CSV, numbering rows as a spreadsheet does', async () => {
    const report = await runImport(database, parseImportArgs([fixture('oruk-services.csv'), '--licence', OGL]));

    expect(report).toContain('accepted: 2');
    expect(report).toContain('1 x no coordinates and no valid postcode (row 4)');
    const rows = await queryRows<{ id: string; latitude: number; phones: string[]; age_min: number | null }>(
      database.db,
      sql`select id, latitude, phones, age_min from services order by id`,
    );
    expect(rows).toEqual([
      { id: 'import:oruk-services.csv:csv-1', latitude: 51.4614, phones: ['0117 555 0101', '0117 555 0102'], age_min: null },
      { id: 'import:oruk-services.csv:csv-2', latitude: 51.46, phones: [], age_min: 16 },
    ]);
  });

  it('imports CSV in our own open-data columns, keeping their ids', async () => {
    const report = await runImport(database, parseImportArgs([fixture('open-data-services.csv'), '--licence', OGL]));

    expect(report).toContain('accepted: 1');
    expect(report).toContain("1 x unknown subcategory 'Dentist' (row 3)");
    const rows = await queryRows<{ id: string; name: string; source: string }>(
      database.db,
      sql`select id, name, source from services`,
    );
    expect(rows).toEqual([{ id: 'ods:FTEST1', name: 'Harbour Chemist', source: 'import:open-data-services.csv' }]);
  });

  describe('postcodes', () => {
    const postcodeRow = async (postcode: string) =>
      (
        await queryRows<{ latitude: number; longitude: number; outcode: string; lad_code: string | null }>(
          database.db,
          sql`select latitude, longitude, outcode, lad_code from postcodes where postcode = ${postcode}`,
        )
      )[0];
    const countPostcodes = async () =>
      (await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from postcodes`))[0]?.count;

    it('imports an ONS Postcode Directory file, rejecting rows without coordinates', async () => {
      const command = parseImportArgs([fixture('onspd-sample.csv'), '--type', 'postcodes']);
      const report = await runImport(database, command);
      await runImport(database, command);

      expect(report).toBe(
        [
          'Imported postcodes from onspd-sample.csv (ONS Postcode Directory)',
          '  accepted: 3',
          '  rejected: 2',
          '    1 x no coordinates (lat 99.999999) (row 5)',
          "    1 x 'NOTAPOSTCODE' is not a full UK postcode (row 6)",
        ].join('\n'),
      );
      // Three from the Bristol fixture (one updated by the file) and two new: no duplicates.
      expect(await countPostcodes()).toBe(5);
      expect(await postcodeRow('SW1A 1AA')).toEqual({
        latitude: 51.501009,
        longitude: -0.141588,
        outcode: 'SW1A',
        lad_code: 'E09000033',
      });
    });

    it('imports Code-Point Open, converting grid references to latitude and longitude', async () => {
      const command = parseImportArgs([fixture('codepoint-sample.csv'), '--type', 'postcodes']);
      const report = await runImport(database, command);
      await runImport(database, command);

      expect(report).toContain('(Code-Point Open)');
      expect(report).toContain('accepted: 2');
      expect(report).toContain('1 x no coordinates (positional quality 90) (row 3)');
      expect(await countPostcodes()).toBe(4);
      const palace = await postcodeRow('SW1A 1AA');
      expect(palace?.latitude).toBeCloseTo(51.501, 3);
      expect(palace?.longitude).toBeCloseTo(-0.1416, 3);
      expect(palace?.lad_code).toBe('E09000033');
    });
  });
});

describe('parseImportArgs', () => {
  it.each([
    [['file.json'], /^--licence is required when importing services/],
    [['file.json', '--type', 'events'], "--type must be services or postcodes, not 'events'."],
    [[], /^Name one file to import/],
  ])('refuses %j', (args, message) => {
    expect(() => parseImportArgs(args)).toThrow(message);
  });

  it('needs no licence for postcodes', () => {
    expect(parseImportArgs(['onspd.csv', '--type', 'postcodes'])).toMatchObject({ type: 'postcodes' });
  });
});
