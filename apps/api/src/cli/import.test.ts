import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { queryRows, type Database } from '@locals/db/client';
import { createTestDatabase } from '@locals/db/test-db';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertBristolGeography } from '../testing/directory-fixtures';
import { writeEmptyOpenData } from '../testing/empty-open-data';
import { parseImportArgs, runImport } from './import-command';
import { REPEATED_ID } from './import-services';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const OGL = 'Open Government Licence v3.0';
const SOURCE = 'bristol-council';
/** The arguments of a services import from a fixture, under the same source every time. */
const servicesArgs = (name: string, ...more: string[]) => [
  fixture(name),
  '--licence',
  OGL,
  '--source',
  SOURCE,
  ...more,
];

describe('npm run import', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
    await insertBristolGeography(database);
  });
  afterEach(async () => database.close());

  const countServices = async () =>
    (
      await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from services`,
      )
    )[0]?.count;

  describe('services from Open Referral UK JSON', () => {
    const command = parseImportArgs(servicesArgs('oruk-services.json'));

    it('imports what it can place and reports each rejected row with its reason', async () => {
      const { report, failure } = await runImport(database, command);

      expect(report).toBe(
        [
          "Imported services from oruk-services.json (source 'bristol-council')",
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
          id: 'bristol-council:2',
          postcode: 'BS1 5TR',
          // No coordinates in the record: the unit postcode's.
          latitude: 51.4493,
          longitude: -2.5832,
          lad_name: 'Bristol, City of',
          categories: ['mentalhealth', 'sport'],
        }),
        expect.objectContaining({
          id: 'bristol-council:svc-1',
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
          source: 'bristol-council',
          licence: OGL,
          verified: false,
        }),
      ]);
      expect(failure).toBeNull();
    });

    it('is idempotent: a second run updates the same rows', async () => {
      await runImport(database, command);
      await database.db.execute(
        sql`update services set name = 'Edited' where id = 'bristol-council:svc-1'`,
      );
      await runImport(database, command);

      expect(await countServices()).toBe(2);
      const [row] = await queryRows<{ name: string }>(
        database.db,
        sql`select name from services where id = 'bristol-council:svc-1'`,
      );
      expect(row?.name).toBe('St Pauls Food Bank');
    });

    it('labels the source as asked and can mark an authoritative feed verified', async () => {
      await runImport(database, parseImportArgs(servicesArgs('oruk-services.json', '--verified')));

      const rows = await queryRows<{ id: string; source: string; verified: boolean }>(
        database.db,
        sql`select id, source, verified from services order by id`,
      );
      expect(rows[0]).toEqual({
        id: 'bristol-council:2',
        source: 'bristol-council',
        verified: true,
      });
    });
  });

  it('imports a saved Open Referral UK 3.0 page: addresses, attributes, schedules and contacts', async () => {
    const { report } = await runImport(
      database,
      parseImportArgs(servicesArgs('oruk-3.0/services-page.json')),
    );

    // The UK profile's own example (row 1) is placed at latitude 100, postcode "ABC 1234".
    expect(report).toBe(
      [
        "Imported services from services-page.json (source 'bristol-council')",
        '  accepted: 2',
        '  rejected: 2',
        '    1 x no coordinates and no valid postcode (row 1)',
        '    1 x missing name (row 4)',
      ].join('\n'),
    );
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select id, name, provider, address, postcode, latitude, longitude, categories,
                 opening_hours, weekly_hours, phones, languages, age_min
          from services order by name`,
    );
    expect(rows).toEqual([
      {
        id: 'bristol-council:7d3c2a1e-0b1f-4c55-9a51-2f3e8d0c4a11',
        name: 'Easton Community Pantry',
        provider: 'Easton Together',
        // The physical address, not the postal one listed first.
        address: '12 Stapleton Road, Easton, Bristol',
        postcode: 'BS2 0JA',
        latitude: 51.4614,
        longitude: -2.5786,
        // 'volunteering' is the code of a Locals category term; 'food' is read from "Food banks".
        categories: ['volunteering', 'food'],
        // The Saturday schedule ended in 2020; the monthly one is not weekly hours.
        opening_hours: 'Mon, Wed 10:00-14:00',
        weekly_hours: {
          note: null,
          sessions: [
            { day: 1, opens: '10:00', closes: '14:00' },
            { day: 3, opens: '10:00', closes: '14:00' },
          ],
        },
        phones: ['0117 555 0101', '0117 555 0102'],
        languages: [],
        age_min: 18,
      },
      {
        id: 'bristol-council:b5e1c0f2-6a7d-4e38-8c9b-1d2e3f405162',
        name: 'Harbourside Talking Therapies',
        provider: null,
        address: 'Canons Way, Bristol',
        postcode: 'BS1 5TR',
        latitude: 51.4495,
        longitude: -2.5835,
        categories: ['mentalhealth'],
        opening_hours: 'Tue, Thu 09:00-17:00',
        weekly_hours: {
          note: null,
          sessions: [
            { day: 2, opens: '09:00', closes: '17:00' },
            { day: 4, opens: '09:00', closes: '17:00' },
          ],
        },
        phones: ['0117 555 0200'],
        languages: ['English', 'Polish'],
        age_min: null,
      },
    ]);
  });

  it('imports flattened ORUK CSV, numbering rows as a spreadsheet does', async () => {
    const { report } = await runImport(
      database,
      parseImportArgs(servicesArgs('oruk-services.csv')),
    );

    expect(report).toContain('accepted: 2');
    expect(report).toContain('1 x no coordinates and no valid postcode (row 4)');
    const rows = await queryRows<{
      id: string;
      latitude: number;
      phones: string[];
      age_min: number | null;
    }>(database.db, sql`select id, latitude, phones, age_min from services order by id`);
    expect(rows).toEqual([
      {
        id: 'bristol-council:csv-1',
        latitude: 51.4614,
        phones: ['0117 555 0101', '0117 555 0102'],
        age_min: null,
      },
      { id: 'bristol-council:csv-2', latitude: 51.46, phones: [], age_min: 16 },
    ]);
  });

  it('imports CSV in our own open-data columns, keeping their ids', async () => {
    const { report } = await runImport(
      database,
      parseImportArgs(servicesArgs('open-data-services.csv')),
    );

    expect(report).toContain('accepted: 1');
    expect(report).toContain("1 x unknown subcategory 'Dentist' (row 3)");
    const rows = await queryRows<{ id: string; name: string; source: string }>(
      database.db,
      sql`select id, name, source from services`,
    );
    expect(rows).toEqual([
      { id: 'ods:FTEST1', name: 'Harbour Chemist', source: 'bristol-council' },
    ]);
  });

  it('keeps the first location of a service a CSV repeats, and reports the other rows', async () => {
    const { report } = await runImport(
      database,
      parseImportArgs(servicesArgs('oruk-locations.csv')),
    );

    expect(report).toBe(
      [
        "Imported services from oruk-locations.csv (source 'bristol-council')",
        '  accepted: 3',
        '  rejected: 3',
        `    2 x ${REPEATED_ID} (rows 3, 7)`,
        '    1 x no coordinates, and its postcode is not in the postcode table (row 5)',
      ].join('\n'),
    );
    const rows = await queryRows<{ id: string; postcode: string; address: string }>(
      database.db,
      sql`select id, postcode, address from services order by id`,
    );
    expect(rows).toEqual([
      { id: 'bristol-council:hub-1', postcode: 'BS1 4DJ', address: '43 Ducie Road, Bristol' },
      { id: 'bristol-council:hub-2', postcode: 'BS1 5TR', address: '2 Redcliffe Hill, Bristol' },
      // Its first row could not be placed: the next one is the service's location.
      { id: 'bristol-council:hub-3', postcode: 'BS2 0JA', address: '12 Stapleton Road, Bristol' },
    ]);
  });

  // Issue 25: eight services with javascript: websites were rendered as links.
  it('drops a website that is not http(s), keeps the service and says so in the report', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'locals-import-'));
    try {
      const websites = [
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        ' JaVaScRiPt:alert(1)',
        'https://example.org/food',
      ];
      const feed = websites.map((url, index) => ({
        id: `link-${index + 1}`,
        name: `Food bank ${index + 1}`,
        url,
        status: 'active',
        service_at_locations: [{ location: { latitude: 51.46, longitude: -2.58 } }],
      }));
      const file = path.join(dir, 'links.json');
      await writeFile(file, JSON.stringify(feed));

      const { report } = await runImport(
        database,
        parseImportArgs([file, '--licence', OGL, '--source', SOURCE]),
      );

      expect(report).toBe(
        [
          "Imported services from links.json (source 'bristol-council')",
          '  accepted: 5',
          '  rejected: 0',
          '  kept, with a value dropped:',
          '    4 x website dropped: only http:// and https:// web addresses are kept (rows 1, 2, 3, 4)',
        ].join('\n'),
      );
      const rows = await queryRows<{ id: string; website: string | null }>(
        database.db,
        sql`select id, website from services order by id`,
      );
      expect(rows).toEqual([
        { id: 'bristol-council:link-1', website: null },
        { id: 'bristol-council:link-2', website: null },
        { id: 'bristol-council:link-3', website: null },
        { id: 'bristol-council:link-4', website: null },
        { id: 'bristol-council:link-5', website: 'https://example.org/food' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('updates rather than duplicates when next month’s file has another name', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'locals-import-'));
    try {
      const nextMonth = path.join(dir, 'bristol-services-2025-07.json');
      await copyFile(fixture('oruk-services.json'), nextMonth);

      await runImport(database, parseImportArgs(servicesArgs('oruk-services.json')));
      await runImport(database, parseImportArgs([nextMonth, '--licence', OGL, '--source', SOURCE]));

      const ids = await queryRows<{ id: string }>(
        database.db,
        sql`select id from services order by id`,
      );
      expect(ids).toEqual([{ id: 'bristol-council:2' }, { id: 'bristol-council:svc-1' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes nothing when a later batch fails', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'locals-import-'));
    try {
      // More services than one batch (500), the last refused by the database.
      const file = path.join(dir, 'many.json');
      const many = Array.from({ length: 501 }, (_, n) => ({
        id: `svc-${n}`,
        name: `Service ${n}`,
        locations: [{ latitude: 51.45, longitude: -2.59 }],
      }));
      await writeFile(file, JSON.stringify(many));
      await database.db.execute(sql`
        create function refuse_last() returns trigger language plpgsql as $$
          begin
            if new.id = 'bristol-council:svc-500' then raise exception 'refused by the test'; end if;
            return new;
          end $$`);
      await database.db.execute(sql`
        create trigger refuse_last before insert on services for each row execute function refuse_last()`);

      const failure = await runImport(
        database,
        parseImportArgs([file, '--licence', OGL, '--source', SOURCE]),
      ).catch((error: unknown) => error as Error);

      // One short line: the SQLSTATE, never the rows' values the query carried.
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe(
        'The database refused the import of many.json (error P0001). ' +
          'A services import is one transaction, so nothing of it was written.',
      );
      expect(await countServices()).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('a file it cannot use', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'locals-import-'));
    });
    afterEach(async () => rm(dir, { recursive: true, force: true }));

    const importFile = async (name: string, content: string, type = 'services') => {
      const file = path.join(dir, name);
      await writeFile(file, content);
      const args =
        type === 'services' ? [file, '--licence', OGL, '--source', SOURCE] : [file, '--type', type];
      return runImport(database, parseImportArgs(args));
    };

    it.each([
      [
        'JSON with a mistake on line 3',
        'broken.json',
        '[\n{"id": "1", "name": "Ana Silva"},\n{"id": "2" "name": "Ben Jones"}\n]',
        'broken.json is not valid JSON (line 3): correct it and import it again.',
      ],
      [
        'JSON that ends too soon',
        'short.json',
        '[{"id": "1", "name": "Ana Silva"',
        'short.json is not valid JSON (it ends too soon, at line 1): correct it and import it again.',
      ],
      [
        'JSON that is not a list of services',
        'object.json',
        '{"name": "Ana Silva"}',
        'object.json must hold an array of Open Referral UK services, or a page of them: ' +
          '{"contents": [...]} (3.0) or {"content": [...]} (1.0).',
      ],
      [
        'CSV with a quote never closed',
        'broken.csv',
        'id,name,postcode\n1,St Pauls Food Bank,BS2 8XJ\n2,"Ana Silva,BS1 4DJ\n',
        'broken.csv is not valid CSV (line 3): quote not closed. Correct it and import it again.',
      ],
      [
        'an empty JSON file',
        'empty.json',
        '',
        'There are no services in empty.json: nothing was imported.',
      ],
      [
        'an empty JSON list',
        'none.json',
        '[]',
        'There are no services in none.json: nothing was imported.',
      ],
      [
        'an empty CSV file',
        'empty.csv',
        '',
        'There are no services in empty.csv: nothing was imported.',
      ],
      [
        'a CSV file with only its header',
        'header.csv',
        'id,name,postcode\n',
        'There are no services in header.csv: nothing was imported.',
      ],
    ])('stops with one line naming the file for %s', async (_what, name, content, message) => {
      const failure = await importFile(name, content).catch((error: unknown) => error as Error);

      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe(message);
      expect((failure as Error).message).not.toMatch(/Ana|Ben/);
      expect(await countServices()).toBe(0);
    });

    it.each([
      ['nothing in it', '', 'There are no postcodes in postcodes.csv: nothing was imported.'],
      [
        'a quote never closed',
        'pcds,lat,long\n"BS1 4DJ,51.45,-2.59\n',
        'postcodes.csv is not valid CSV (line 2): quote not closed. Correct it and import it again.',
      ],
    ])('stops when a postcode file has %s', async (_what, content, message) => {
      await expect(importFile('postcodes.csv', content, 'postcodes')).rejects.toThrow(message);
    });

    it('rejects a service whose text is longer than its field allows, or has control characters', async () => {
      const service = (id: string, overrides: Record<string, unknown>) => ({
        id,
        name: `Service ${id}`,
        locations: [{ latitude: 51.45, longitude: -2.59 }],
        ...overrides,
      });
      const { report } = await importFile(
        'limits.json',
        JSON.stringify([
          service('long-name', { name: 'x'.repeat(2_000_000) }),
          service('just-fits', { name: 'x'.repeat(200), description: 'Line one\nLine two' }),
          service('nul', { name: 'Food\u0000bank' }),
          service('long-description', { description: 'x'.repeat(10_001) }),
          service('long-phone', { phones: [{ number: '0'.repeat(41) }] }),
          service('x'.repeat(200), {}),
        ]),
      );

      expect(report).toBe(
        [
          "Imported services from limits.json (source 'bristol-council')",
          '  accepted: 1',
          '  rejected: 5',
          '    1 x name is longer than 200 characters (row 1)',
          '    1 x name contains control characters (row 3)',
          '    1 x description is longer than 10,000 characters (row 4)',
          '    1 x an entry of phones is longer than 40 characters (row 5)',
          '    1 x id is longer than 200 characters (row 6)',
        ].join('\n'),
      );
      const names = await queryRows<{ name: string }>(database.db, sql`select name from services`);
      expect(names).toEqual([{ name: 'x'.repeat(200) }]);
    });

    // Issue 25: such a run exited 0, as if it had done its job.
    it('fails a run that rejected every row, after reporting why', async () => {
      const { report, failure } = await importFile(
        'unplaceable.json',
        JSON.stringify([
          { id: '1', name: 'Pantry' },
          { id: '2', name: 'Cafe', status: 'defunct' },
        ]),
      );

      expect(report).toBe(
        [
          "Imported services from unplaceable.json (source 'bristol-council')",
          '  accepted: 0',
          '  rejected: 2',
          '    1 x no coordinates and no valid postcode (row 1)',
          '    1 x status is defunct (row 2)',
        ].join('\n'),
      );
      expect(failure).toBe(
        'Nothing was imported from unplaceable.json: 2 rejected, none accepted (the reasons are ' +
          'listed above). Correct the data or the command and import it again.',
      );
      expect(await countServices()).toBe(0);
    });

    it('keeps a value a reason quotes short, and without terminal control codes', async () => {
      const { report } = await importFile(
        'open-data.csv',
        `subcategory,name\n${'x'.repeat(500)}\u001b[2J,Food bank\n`,
      );

      expect(report).toContain("1 x unknown subcategory 'xxxx");
      expect(report.split('\n').every((line) => line.length <= 140)).toBe(true);
      expect(report).not.toContain('\u001b');
    });
  });

  describe('postcodes', () => {
    const postcodeRow = async (postcode: string) =>
      (
        await queryRows<{
          latitude: number;
          longitude: number;
          outcode: string;
          lad_code: string | null;
        }>(
          database.db,
          sql`select latitude, longitude, outcode, lad_code from postcodes where postcode = ${postcode}`,
        )
      )[0];
    const countPostcodes = async () =>
      (
        await queryRows<{ count: number }>(
          database.db,
          sql`select count(*)::int as count from postcodes`,
        )
      )[0]?.count;

    it('fails a run that rejected every row, after reporting why', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'locals-import-'));
      try {
        const file = path.join(dir, 'postcodes.csv');
        await writeFile(file, 'pcds,lat,long\nBS1 4DJ,,\nBS2 8XJ,,\n');
        const before = await countPostcodes();

        const { report, failure } = await runImport(
          database,
          parseImportArgs([file, '--type', 'postcodes']),
        );

        expect(report.split('\n').slice(1, 3)).toEqual(['  accepted: 0', '  rejected: 2']);
        expect(failure).toBe(
          'Nothing was imported from postcodes.csv: 2 rejected, none accepted (the reasons are ' +
            'listed above). Correct the data or the command and import it again.',
        );
        expect(await countPostcodes()).toBe(before);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('imports an ONS Postcode Directory file, rejecting rows without coordinates', async () => {
      const command = parseImportArgs([fixture('onspd-sample.csv'), '--type', 'postcodes']);
      const { report } = await runImport(database, command);
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
      const { report } = await runImport(database, command);
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

// Issue 25: one rule for every type. A run that stops, or that rejected every row, exits 1.
describe('npm run import as run from a shell', { timeout: 120_000 }, () => {
  // One DATA_DIR for both runs (migrating a fresh PGlite takes seconds), and open data with
  // headers only: nothing to load, and no postcode to place a service by.
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'locals-import-cli-'));
    await writeEmptyOpenData(path.join(dir, 'open-data'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  type Run = { code: number; stdout: string; stderr: string };
  const runImportCommand = (...args: string[]): Promise<Run> =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./import.ts', import.meta.url)), ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: path.join(dir, 'data'),
          OPEN_DATA_DIR: path.join(dir, 'open-data'),
          DATABASE_URL: '',
        },
      },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (failure: unknown) => failure as Run,
    );

  it('prints the report, then that nothing was imported, and exits 1 when every row is rejected', async () => {
    const file = path.join(dir, 'unplaceable.json');
    await writeFile(file, JSON.stringify([{ id: '1', name: 'Pantry' }]));

    const run = await runImportCommand(file, '--source', SOURCE, '--licence', OGL);

    expect(run.code).toBe(1);
    expect(run.stdout.trim()).toBe(
      [
        "Imported services from unplaceable.json (source 'bristol-council')",
        '  accepted: 0',
        '  rejected: 1',
        '    1 x no coordinates and no valid postcode (row 1)',
      ].join('\n'),
    );
    expect(run.stderr.trim()).toBe(
      'Nothing was imported from unplaceable.json: 1 rejected, none accepted (the reasons are ' +
        'listed above). Correct the data or the command and import it again.',
    );
  });

  it('exits 1 naming the line where a calendar cut off in transfer ends', async () => {
    const file = path.join(dir, 'cut.ics');
    await writeFile(file, 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a@hall\r\n');

    const run = await runImportCommand(
      file,
      '--type',
      'events',
      '--source',
      'hall',
      '--licence',
      OGL,
    );

    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr.trim()).toBe(
      'cut.ics is incomplete: the event that begins on line 3 has no END:VEVENT, as if cut off ' +
        "in transfer. Nothing was imported and the source's events are as they were: fetch the " +
        'whole file and import it again.',
    );
  });
});

describe('parseImportArgs', () => {
  const FEED = 'https://api.example.org/oruk';
  const FEED_ARGS = ['--licence', 'OGL', '--source', 'bristol-council'];

  it.each([
    [
      ['file.json', '--source', 'bristol-council'],
      /^--licence is required when importing services/,
    ],
    [['file.json', '--licence', 'OGL'], /^--source is required when importing services/],
    [
      ['file.json', '--licence', 'OGL', '--source', ' '],
      /^--source is required when importing services/,
    ],
    [
      ['file.json', '--licence', 'OGL', '--source', 'bristol/council'],
      "--source 'bristol/council' cannot be used: use up to 60 letters, digits, dots, dashes or underscores, starting with a letter or digit, e.g. --source bristol-council.",
    ],
    [
      ['file.json', '--licence', 'OGL', '--source', 'my feed'],
      /^--source 'my feed' cannot be used/,
    ],
    [['file.json', '--licence', 'OGL', '--source', 'a:b'], /^--source 'a:b' cannot be used/],
    [
      ['file.json', '--type', 'widgets'],
      "--type must be services, postcodes, events or openactive, not 'widgets'.",
    ],
    [[], /^Name one file to import/],
    [
      [FEED, ...FEED_ARGS, '--modified-after', 'yesterday'],
      "--modified-after 'yesterday' is not a date-time: give auto (what changed since the source's last successful import) or a date and time with its zone, e.g. 2025-06-01T09:00:00Z or 2025-06-01T10:00:00+01:00.",
    ],
    // Without its zone, 01:30 on the night the clocks go back is two instants.
    [[FEED, ...FEED_ARGS, '--modified-after', '2025-10-26T01:30:00'], /is not a date-time/],
    [[FEED, ...FEED_ARGS, '--modified-after', '2025-02-30T00:00:00Z'], /is not a date-time/],
    [
      ['services.json', ...FEED_ARGS, '--modified-after', 'auto'],
      "--modified-after asks an Open Referral UK API for what changed: give the API's URL, with --type services. A file is read whole.",
    ],
    [
      [FEED, '--type', 'openactive', '--source', 'active-newham', '--modified-after', 'auto'],
      /^--modified-after asks an Open Referral UK API/,
    ],
  ])('refuses %j', (args, message) => {
    expect(() => parseImportArgs(args)).toThrow(message);
  });

  it('reads an http(s) address as an ORUK API to page through, and anything else as a file', () => {
    const args = ['--licence', 'OGL', '--source', 'bristol-council'];
    expect(parseImportArgs(['https://api.example.org/oruk', ...args])).toMatchObject({
      type: 'services',
      url: 'https://api.example.org/oruk',
    });
    expect(parseImportArgs(['services.json', ...args])).toMatchObject({
      type: 'services',
      file: path.resolve('services.json'),
    });
  });

  it.each([
    ['auto', 'auto'],
    ['AUTO', 'auto'],
    ['2025-06-01T09:00:00Z', new Date('2025-06-01T09:00:00Z')],
    ['2025-06-01T10:00+01:00', new Date('2025-06-01T09:00:00Z')],
  ])('reads --modified-after %s for an ORUK API', (value, modifiedAfter) => {
    expect(parseImportArgs([FEED, ...FEED_ARGS, '--modified-after', value])).toMatchObject({
      url: FEED,
      modifiedAfter,
    });
  });

  it('needs no licence for postcodes', () => {
    expect(parseImportArgs(['onspd.csv', '--type', 'postcodes'])).toMatchObject({
      type: 'postcodes',
    });
  });
});
