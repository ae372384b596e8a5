import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { formatPostcode, outwardCode } from '@locals/contracts/postcode';
import { queryRows, type Database } from '../client';
import { readCsv } from './csv';
import { buildDemoServices } from './demo';
import { upsertServices } from './upsert-services';
import { serviceFromOpenData, type NewService } from './service-records';

export const OPEN_DATA_FILES = {
  districts: 'uk_postcode_districts.csv',
  postcodes: 'postcodes_bristol_sglos_london.csv',
  services: [
    'services_nhs_primary_care.csv',
    'services_nhs_pharmacies.csv',
    'services_public_libraries.csv',
  ],
} as const;

const BATCH = 10_000;

export interface LoadReport {
  districts: number;
  postcodes: number;
  services: number;
  demoServices: number;
  rejected: { file: string; id: string; reason: string }[];
}

async function loadDistricts(database: Database, dir: string): Promise<number> {
  const columns = { outcode: [] as string[], area: [] as string[], lat: [] as number[], lng: [] as number[], country: [] as string[], ladCode: [] as (string | null)[], ladName: [] as (string | null)[], used: [] as number[] };
  for await (const row of readCsv(join(dir, OPEN_DATA_FILES.districts))) {
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
export async function upsertPostcodes(database: Database, rows: AsyncIterable<PostcodeRow>): Promise<number> {
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

async function* postcodeRows(path: string): AsyncGenerator<PostcodeRow> {
  for await (const row of readCsv(path)) {
    yield {
      postcode: formatPostcode(String(row.postcode)),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      ladCode: row.lad_code || null,
    };
  }
}

async function loadServices(database: Database, dir: string, report: LoadReport): Promise<number> {
  const accepted: NewService[] = [];
  for (const file of OPEN_DATA_FILES.services) {
    for await (const row of readCsv(join(dir, file))) {
      const result = serviceFromOpenData(row);
      if ('service' in result) accepted.push(result.service);
      else report.rejected.push({ file, id: row.service_id ?? '?', reason: result.rejected });
    }
  }
  await upsertServices(database, accepted);
  return accepted.length;
}

const LOADED_KEY = 'open_data_loaded';

/**
 * Loads the shared open data once: districts, unit postcodes and services. A restart finds the
 * marker row and does nothing, so people's data and later imports are never overwritten.
 */
export async function loadOpenDataOnce(database: Database, dir: string): Promise<LoadReport | null> {
  const marker = await queryRows(database.db, sql`select 1 from app_meta where key = ${LOADED_KEY}`);
  if (marker.length > 0) return null;
  const report: LoadReport = { districts: 0, postcodes: 0, services: 0, demoServices: 0, rejected: [] };
  report.districts = await loadDistricts(database, dir);
  report.postcodes = await upsertPostcodes(database, postcodeRows(join(dir, OPEN_DATA_FILES.postcodes)));
  report.services = await loadServices(database, dir, report);
  const demos = await buildDemoServices(database);
  await upsertServices(database, demos);
  report.demoServices = demos.length;
  const summary = { ...report, rejected: report.rejected.length, loadedAt: new Date().toISOString() };
  await database.db.execute(
    sql`insert into app_meta (key, value) values (${LOADED_KEY}, ${JSON.stringify(summary)}::jsonb)`,
  );
  return report;
}
