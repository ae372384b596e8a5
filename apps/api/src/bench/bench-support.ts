import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type Database } from '@locals/db/client';
import { migrate } from '@locals/db/migrate';
import { readCsv } from '@locals/db/open-data/csv';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { District } from './synthetic-services';

/** What the benchmarks share: their database, the districts they stand on, load and figures. */

const HTTP_CLIENT = fileURLToPath(
  new URL('../../../../scripts/bench-http-client.mjs', import.meta.url),
);

/**
 * The command-line options every load benchmark takes (node:util parseArgs): the engine, how
 * many origins to search from, how long and with how many connections to load the HTTP app,
 * and the PostgreSQL to use.
 */
export const LOAD_BENCH_OPTIONS = {
  engine: { type: 'string', default: 'pglite' },
  origins: { type: 'string', default: '300' },
  seconds: { type: 'string', default: '10' },
  connections: { type: 'string', default: '10' },
  'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
} as const;

export type BenchDatabaseOptions = {
  engine: 'pglite' | 'postgres';
  databaseUrl: string;
  /** PostgreSQL: use the database at `databaseUrl` as it is; nothing is created or dropped. */
  existing?: boolean;
  /** PostgreSQL: keep the database made for the run, and print its name. */
  keep?: boolean;
};

/**
 * PGlite in a temporary data directory, or a fresh database on the PostgreSQL server (its own
 * public schema: migration 0004 names "public"."users"), migrated, and how to get rid of it.
 */
export async function openBenchDatabase(
  options: BenchDatabaseOptions,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (options.engine === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'locals-bench-'));
    const database = await createDb({ dataDir });
    await migrate(database);
    return {
      database,
      dispose: async () => {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (options.existing) {
    const database = await createDb({ databaseUrl: options.databaseUrl });
    return { database, dispose: () => database.close() };
  }
  const url = new URL(options.databaseUrl);
  const name = `locals_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  url.pathname = `/${name}`;
  const setup = new pg.Client({ connectionString: url.toString() });
  await setup.connect();
  for (const extension of ['cube', 'earthdistance', 'pg_trgm'])
    await setup.query(`create extension ${extension}`);
  await setup.end();
  const database = await createDb({ databaseUrl: url.toString() });
  await migrate(database);
  return {
    database,
    dispose: async () => {
      await database.close();
      if (options.keep) console.log(`kept: database ${name}`);
      else await admin.query(`drop database "${name}"`);
      await admin.end();
    },
  };
}

/** The real district centroids of the open data, weighted by how many postcodes each has. */
export async function readDistricts(openDataDir: string): Promise<District[]> {
  const districts: District[] = [];
  for await (const row of readCsv(path.join(openDataDir, 'uk_postcode_districts.csv'))) {
    districts.push({
      outcode: String(row.outcode),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      ladName: row.lad_name || null,
      weight: Number(row.postcodes_used) || 1,
    });
  }
  return districts;
}

/** Writes the districts, so searches resolve an outward code as the API does. */
export async function insertDistricts(database: Database, districts: District[]): Promise<void> {
  await database.db.execute(sql`
    insert into postcode_districts (outcode, area, latitude, longitude, country, lad_name, postcodes_used)
    select o, regexp_replace(o, '[0-9].*$', ''), lat, lng, 'UK', lad, 1
    from unnest(${sql.param(districts.map((d) => d.outcode))}::text[], ${sql.param(districts.map((d) => d.latitude))}::float8[],
                ${sql.param(districts.map((d) => d.longitude))}::float8[], ${sql.param(districts.map((d) => d.ladName))}::text[])
         as t(o, lat, lng, lad)`);
}

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  total: number;
  non2xx: number;
};

/** autocannon runs in its own process so it does not share the server's event loop. */
export function runLoad(input: {
  url: string;
  paths: string[];
  seconds: number;
  connections: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HTTP_CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load client exited with ${code}`));
      resolve(JSON.parse(output) as LoadResult);
    });
    child.stdin.end(JSON.stringify(input));
  });
}

/** The value at `percentile` of `values`, to `digits` decimals. */
export function pct(values: number[], percentile: number, digits = 1): string {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((percentile / 100) * sorted.length) - 1);
  return (sorted[Math.max(0, index)] ?? 0).toFixed(digits);
}

/**
 * Runs one timed search per origin, after the first 20 once more to warm the caches; returns
 * each run's milliseconds and how many it found, in origin order.
 */
export async function timeEachOrigin<T>(
  origins: readonly T[],
  run: (origin: T) => Promise<{ ms: number; total: number; alsoMs?: number | undefined }>,
): Promise<{ timings: number[]; totals: number[]; alsoTimings: number[] }> {
  for (const origin of origins.slice(0, 20)) await run(origin);
  const timings: number[] = [];
  const totals: number[] = [];
  // A second thing a run timed (page 1's refinements beside its search), when it timed one.
  const alsoTimings: number[] = [];
  for (const origin of origins) {
    const { ms, total, alsoMs } = await run(origin);
    timings.push(ms);
    totals.push(total);
    if (alsoMs !== undefined) alsoTimings.push(alsoMs);
  }
  return { timings, totals, alsoTimings };
}
