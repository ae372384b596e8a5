import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { formatPostcode, outwardCode } from '@locals/contracts/postcode';
import { queryRows, type Database } from '../client';
import { helplines } from '../directory-schema';
import { readCsv, type CsvRow } from './csv';
import { buildDemoServices } from './demo';
import { helplineFromCsv, type NewHelpline } from './helpline-records';
import { upsertServices } from './upsert-services';
import {
  nhsContactFromCsv,
  serviceFromOpenData,
  type NewService,
  type NhsContact,
} from './service-records';

/** The files in open-data/ (OPEN_DATA_DIR) that Locals loads; open-data/README.md describes them. */
export const OPEN_DATA_FILES = {
  districts: 'uk_postcode_districts.csv',
  postcodes: 'postcodes_bristol_sglos_london.csv',
  services: [
    'services_nhs_primary_care.csv',
    'services_nhs_pharmacies.csv',
    'services_public_libraries.csv',
    'services_nhs_dental.csv',
    'services_nhs_community_support.csv',
    'services_food_banks.csv',
    'services_nhs_clinics.csv',
  ],
  /** Phones, websites and emails for services in the files above, by service id (decision 032). */
  contacts: 'nhs_contact_details.csv',
  helplines: 'helplines.csv',
} as const;

/**
 * Bump when the way the files are read changes (a new file, a new column, new wording): a
 * database loaded by an older version reloads every service file and the helplines on its next
 * start. A file whose content changed (npm run data:update) is reloaded without a bump.
 * 1: the first three service files. 2: dental, community support, food banks, helplines, hours.
 * 3: helplines' need words, and hours that may be unconfirmed.
 * 4: NHS clinics, the NHS website's contact details and where each came from.
 * 5: ages read from services' names (decision 044).
 */
export const OPEN_DATA_VERSION = 5;

const ALL_FILES: string[] = [
  OPEN_DATA_FILES.districts,
  OPEN_DATA_FILES.postcodes,
  ...OPEN_DATA_FILES.services,
  OPEN_DATA_FILES.contacts,
  OPEN_DATA_FILES.helplines,
];

/**
 * Fails before anything is loaded when a file is missing, naming each one, the folder and what
 * to do; a bare ENOENT minutes into the first start helped nobody (decision 010).
 */
export async function checkOpenDataFiles(dir: string): Promise<void> {
  const missing: string[] = [];
  for (const file of ALL_FILES) {
    await access(join(dir, file)).catch(() => missing.push(file));
  }
  if (missing.length === 0) return;
  const names = missing.map((file) => `'${file}'`).join(', ');
  throw new Error(
    `Missing open data: ${names} not found in OPEN_DATA_DIR '${dir}'. ` +
      "Set OPEN_DATA_DIR to a folder that holds every file listed in the repository's open-data/README.md " +
      '(unset, it is the open-data/ folder of the repository), or run `npm run data:update` to download them.',
  );
}

const BATCH = 10_000;
/** How often, in rows read, a load tells its `onProgress` listener. */
const PROGRESS_EVERY = 2_000;

/** Where a load has got to: for a person watching the first start (issue 32). */
export interface LoadProgress {
  /** The file being read, or what is being done ('saving services', 'demo listings'). */
  step: string;
  /** Rows read (or saved) so far in this step. */
  rows: number;
  /** About how many rows the step has: the file's lines but its header, or the rows to save. */
  expectedRows: number;
}

export type OnLoadProgress = (progress: LoadProgress) => void;

/** Passes each row on, telling `onProgress` about the file every PROGRESS_EVERY rows. */
async function* counted<T>(
  rows: AsyncIterable<T>,
  step: string,
  expectedRows: number,
  onProgress: OnLoadProgress | undefined,
): AsyncGenerator<T> {
  let count = 0;
  onProgress?.({ step, rows: 0, expectedRows });
  for await (const row of rows) {
    yield row;
    count += 1;
    if (count % PROGRESS_EVERY === 0) onProgress?.({ step, rows: count, expectedRows });
  }
  // The lines were an estimate (a quoted field may hold a line break): now the count is known.
  onProgress?.({ step, rows: count, expectedRows: count });
}

export interface LoadReport {
  /** 'first' on an empty database; 'update' when the data or the way it is read has changed. */
  kind: 'first' | 'update';
  /** The files read this time. */
  files: string[];
  districts: number;
  postcodes: number;
  services: number;
  helplines: number;
  demoServices: number;
  /** Rows of nhs_contact_details.csv left out: their postcode is not the service's. */
  contactsNotMerged: number;
  rejected: { file: string; id: string; reason: string }[];
}

/** Reads one file of OPEN_DATA_DIR row by row, telling the load's listener how far it got. */
type ReadFile = (file: string) => AsyncIterable<CsvRow>;

async function loadDistricts(database: Database, read: ReadFile): Promise<number> {
  const columns = {
    outcode: [] as string[],
    area: [] as string[],
    lat: [] as number[],
    lng: [] as number[],
    country: [] as string[],
    ladCode: [] as (string | null)[],
    ladName: [] as (string | null)[],
    used: [] as number[],
  };
  for await (const row of read(OPEN_DATA_FILES.districts)) {
    columns.outcode.push(String(row.outcode));
    columns.area.push(String(row.postcode_area));
    columns.lat.push(Number(row.latitude));
    columns.lng.push(Number(row.longitude));
    columns.country.push(String(row.country));
    columns.ladCode.push(row.lad_code || null);
    columns.ladName.push(row.lad_name || null);
    columns.used.push(Number(row.postcodes_used));
  }
  await database.db.execute(sql`
    insert into postcode_districts (outcode, area, latitude, longitude, country, lad_code, lad_name, postcodes_used)
    select * from unnest(${sql.param(columns.outcode)}::text[], ${sql.param(columns.area)}::text[], ${sql.param(columns.lat)}::float8[],
      ${sql.param(columns.lng)}::float8[], ${sql.param(columns.country)}::text[], ${sql.param(columns.ladCode)}::text[], ${sql.param(columns.ladName)}::text[],
      ${sql.param(columns.used)}::int[])
    on conflict (outcode) do update set area = excluded.area, latitude = excluded.latitude,
      longitude = excluded.longitude, country = excluded.country, lad_code = excluded.lad_code,
      lad_name = excluded.lad_name, postcodes_used = excluded.postcodes_used`);
  return columns.outcode.length;
}

export interface PostcodeRow {
  postcode: string;
  latitude: number;
  longitude: number;
  ladCode: string | null;
}

/** Upserts unit postcodes in large batches (one statement per batch: unnest of column arrays). */
export async function upsertPostcodes(
  database: Database,
  rows: AsyncIterable<PostcodeRow>,
): Promise<number> {
  let count = 0;
  let batch: PostcodeRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await database.db.execute(sql`
      insert into postcodes (postcode, outcode, latitude, longitude, lad_code)
      select * from unnest(${sql.param(batch.map((r) => r.postcode))}::text[], ${sql.param(batch.map((r) => outwardCode(r.postcode)))}::text[],
        ${sql.param(batch.map((r) => r.latitude))}::float8[], ${sql.param(batch.map((r) => r.longitude))}::float8[],
        ${sql.param(batch.map((r) => r.ladCode))}::text[])
      on conflict (postcode) do update set outcode = excluded.outcode, latitude = excluded.latitude,
        longitude = excluded.longitude, lad_code = excluded.lad_code`);
    count += batch.length;
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

async function* postcodeRows(read: ReadFile): AsyncGenerator<PostcodeRow> {
  for await (const row of read(OPEN_DATA_FILES.postcodes)) {
    yield {
      postcode: formatPostcode(String(row.postcode)),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      ladCode: row.lad_code || null,
    };
  }
}

async function loadServices(
  database: Database,
  read: ReadFile,
  files: readonly string[],
  report: LoadReport,
  onProgress: OnLoadProgress | undefined,
): Promise<number> {
  const accepted: NewService[] = [];
  const contacts =
    files.length > 0 ? await loadContacts(read, report) : new Map<string, NhsContact>();
  for (const file of files) {
    for await (const row of read(file)) {
      const result = serviceFromOpenData(row, contacts.get(row.service_id ?? ''));
      if ('service' in result) accepted.push(result.service);
      else report.rejected.push({ file, id: row.service_id ?? '?', reason: result.rejected });
    }
  }
  const expectedRows = accepted.length;
  onProgress?.({ step: 'saving services', rows: 0, expectedRows });
  await upsertServices(database, accepted, (rows) =>
    onProgress?.({ step: 'saving services', rows, expectedRows }),
  );
  return accepted.length;
}

async function loadContacts(read: ReadFile, report: LoadReport): Promise<Map<string, NhsContact>> {
  const contacts = new Map<string, NhsContact>();
  for await (const row of read(OPEN_DATA_FILES.contacts)) {
    const result = nhsContactFromCsv(row);
    if ('contact' in result) contacts.set(result.serviceId, result.contact);
    else report.contactsNotMerged += 1;
  }
  return contacts;
}

/** The helplines file is ours alone (nobody's data points at it), so it replaces the table. */
async function loadHelplines(
  database: Database,
  read: ReadFile,
  report: LoadReport,
): Promise<number> {
  const file = OPEN_DATA_FILES.helplines;
  const rows: NewHelpline[] = [];
  for await (const row of read(file)) {
    const result = helplineFromCsv(row, rows.length + 1);
    if ('helpline' in result) rows.push(result.helpline);
    else report.rejected.push({ file, id: row.id ?? '?', reason: result.rejected });
  }
  await database.db.delete(helplines);
  if (rows.length > 0) await database.db.insert(helplines).values(rows);
  return rows.length;
}

/** With DEMO_CONTENT off, no demo listing is kept (decision 032). */
async function removeDemos(database: Database): Promise<void> {
  await database.db.execute(sql`delete from services where source = 'demo'`);
}

/** Demo listings for categories with no real data; ones no longer built (food, ...) are removed. */
async function loadDemos(database: Database): Promise<number> {
  const demos = await buildDemoServices(database);
  await upsertServices(database, demos);
  await database.db.execute(
    sql`delete from services where source = 'demo' and not (id = any(${sql.param(demos.map((demo) => demo.id))}::text[]))`,
  );
  return demos.length;
}

const NEWLINE = 0x0a;

/** The file's sha256, and its line count: about its rows, for progress. */
async function digestOf(path: string): Promise<{ digest: string; lines: number }> {
  const hash = createHash('sha256');
  let lines = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1))
      lines += 1;
  }
  return { digest: hash.digest('hex'), lines };
}

const LOADED_KEY = 'open_data_loaded';

interface Marker {
  /** Absent in markers written before versions existed: version 1. */
  version?: number;
  /** sha256 of each file as last loaded; absent before version 2. */
  files?: Record<string, string>;
  /**
   * Whether the demo listings were loaded; absent before DEMO_CONTENT (decision 032), when they
   * always were.
   */
  demos?: boolean;
}

/** What to read: everything on an empty database, otherwise only what changed. */
function planLoad(
  marker: Marker | undefined,
  digests: Record<string, string>,
  demoContent: boolean,
) {
  // Recorded and different; version 1 recorded none, and its postcode files are today's.
  const changed = (file: string) =>
    marker?.files?.[file] !== undefined && marker.files[file] !== digests[file];
  const isNewVersion = (marker?.version ?? 1) < OPEN_DATA_VERSION;
  const postcodes = !marker || changed(OPEN_DATA_FILES.postcodes);
  return {
    districts: !marker || changed(OPEN_DATA_FILES.districts),
    postcodes,
    // New contact details may belong to any service file's records: all are read again.
    services: OPEN_DATA_FILES.services.filter(
      (file) => !marker || isNewVersion || changed(file) || changed(OPEN_DATA_FILES.contacts),
    ),
    helplines: !marker || isNewVersion || changed(OPEN_DATA_FILES.helplines),
    demos: !marker || isNewVersion || postcodes || (marker.demos ?? true) !== demoContent,
  };
}

/**
 * Loads the open data on first start (districts, unit postcodes, services, helplines, demo
 * listings), and on later starts only what changed: a file with new content, or every service
 * file and the helplines after OPEN_DATA_VERSION is bumped. Services are upserted by id, so
 * people's reviews, votes and bookmarks stay with them (upsert-services.ts). The demo listings
 * are loaded only with `demoContent` (DEMO_CONTENT), and removed when it is turned off. Returns
 * null when there was nothing to do. `onProgress` hears, every few thousand rows, which file is
 * being read and how far, then how many services are saved.
 *
 * One transaction, marker included: a load that stops half-way (a bad file, a killed process)
 * leaves the database as it was, and the next start simply loads again.
 */
export async function loadOpenDataOnce(
  database: Database,
  dir: string,
  { demoContent = true, onProgress }: { demoContent?: boolean; onProgress?: OnLoadProgress } = {},
): Promise<LoadReport | null> {
  await checkOpenDataFiles(dir);
  const [row] = await queryRows<{ value: Marker }>(
    database.db,
    sql`select value from app_meta where key = ${LOADED_KEY}`,
  );
  const marker = row?.value;
  const digests: Record<string, string> = {};
  const lines: Record<string, number> = {};
  for (const file of ALL_FILES) {
    const digest = await digestOf(join(dir, file));
    digests[file] = digest.digest;
    lines[file] = digest.lines;
  }
  const read: ReadFile = (file) =>
    counted(readCsv(join(dir, file)), file, Math.max(0, (lines[file] ?? 1) - 1), onProgress);
  const plan = planLoad(marker, digests, demoContent);
  const files = [
    ...(plan.districts ? [OPEN_DATA_FILES.districts] : []),
    ...(plan.postcodes ? [OPEN_DATA_FILES.postcodes] : []),
    ...plan.services,
    ...(plan.helplines ? [OPEN_DATA_FILES.helplines] : []),
  ];
  if (files.length === 0 && !plan.demos) return null;

  const report: LoadReport = {
    kind: marker ? 'update' : 'first',
    files,
    districts: 0,
    postcodes: 0,
    services: 0,
    helplines: 0,
    demoServices: 0,
    contactsNotMerged: 0,
    rejected: [],
  };
  await database.db.transaction(async (transaction) => {
    const inTransaction: Database = { ...database, db: transaction };
    if (plan.districts) report.districts = await loadDistricts(inTransaction, read);
    if (plan.postcodes) report.postcodes = await upsertPostcodes(inTransaction, postcodeRows(read));
    report.services = await loadServices(inTransaction, read, plan.services, report, onProgress);
    if (plan.helplines) report.helplines = await loadHelplines(inTransaction, read, report);
    if (plan.demos && demoContent) {
      onProgress?.({ step: 'demo listings', rows: 0, expectedRows: 0 });
      report.demoServices = await loadDemos(inTransaction);
    } else if (plan.demos) await removeDemos(inTransaction);
    const summary = {
      ...report,
      rejected: report.rejected.length,
      version: OPEN_DATA_VERSION,
      files: digests,
      demos: demoContent,
      loadedAt: new Date().toISOString(),
    };
    await transaction.execute(sql`
      insert into app_meta (key, value) values (${LOADED_KEY}, ${JSON.stringify(summary)}::jsonb)
      on conflict (key) do update set value = excluded.value`);
  });
  return report;
}
