import { parseArgs } from 'node:util';
import { queryRows, type Database } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { openBenchDatabase, pct } from './bench-support';

/**
 * The Open Referral UK feed (decision 025): N published services, then a full walk of
 * /api/oruk/services over HTTP, page by page as an importer reads it, and a sample of
 * /api/oruk/services/{id} (the DfE importer fetches every service by id). With `--pages`, instead
 * of walking, each listed page is asked for directly, as a consumer jumping to it would (decision
 * 041: deep pages cost about what page 1 does). See docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    services: { type: 'string', default: '100000' },
    /** Page sizes to walk with, comma-separated; 10000 is the feed's default; '' walks none. */
    'per-page': { type: 'string', default: '10000,1000' },
    /** Pages to time directly instead of walking, comma-separated, e.g. 1,50,500,1000. */
    pages: { type: 'string', default: '' },
    /** How many times each of `--pages` is timed, in rounds over the list. */
    rounds: { type: 'string', default: '5' },
    /** How many /services/{id} to time. */
    lookups: { type: 'string', default: '50' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    keep: { type: 'boolean', default: false },
    /** Use the services already at `--database-url` (kept by an earlier `--keep` run). */
    existing: { type: 'boolean', default: false },
  },
});
const engine = values.engine === 'pglite' ? 'pglite' : 'postgres';
const count = Number(values.services);
const pageSizes = values['per-page'].split(',').filter(Boolean).map(Number);
const pages = values.pages.split(',').filter(Boolean).map(Number);
const rounds = Number(values.rounds);
const lookups = Number(values.lookups);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TRUST_PROXY: '1' });
const BATCH = 50_000;

async function main() {
  console.log(`\n== ${engine}, ${count.toLocaleString('en-GB')} published services ==`);
  const { database, dispose } = await openBenchDatabase({
    engine,
    databaseUrl: values['database-url'],
    keep: values.keep,
    existing: values.existing,
  });
  try {
    if (!values.existing) await loadServices(database);
    const app = await buildApp({ config, database, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      for (const perPage of pageSizes) {
        if (pages.length > 0) await timePages(address, perPage);
        else await walk(address, perPage);
      }
      await lookupSample(address);
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

/**
 * Rows made in SQL, 50,000 a statement: each a verified listing with an address, phones, two
 * categories and weekly hours, as most real ones have, in ids whose order is not insert order.
 * The search side tables (filled by triggers) and the search indexes serve no feed query, so
 * the load goes without them: secondary indexes dropped, triggers off, but for the feed ids'
 * (migration 0018) that /services/{id} reads. The walk reads by the primary key and counts with
 * a scan of the table, as it would with them.
 */
async function loadServices(database: Database) {
  const started = performance.now();
  const indexes = await queryRows<{ indexname: string }>(
    database.db,
    sql`select indexname from pg_indexes
        where tablename = 'services' and schemaname = current_schema()
          and indexname <> 'services_pkey' and indexname not like 'services_oruk_%'`,
  );
  for (const index of indexes)
    await database.db.execute(sql.raw(`drop index "${index.indexname}"`));
  await database.db.execute(sql`alter table services disable trigger user`);
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH) - 1;
    await database.db.execute(sql`
      insert into services (id, name, name_original, description, categories, verified, phones,
        email, website, address, postcode, outcode, lad_name, latitude, longitude, weekly_hours,
        source, source_name, licence, verification_status, search_document)
      select 'bench:' || md5(n::text), 'Bench service ' || n, 'BENCH SERVICE ' || n,
        'A synthetic service for the feed benchmark.', array['health', 'food'], true,
        array['0117 000 ' || lpad((n % 10000)::text, 4, '0')], 'service' || n || '@example.org',
        'https://example.org/' || n, n || ' Bench Street, Bristol', 'BS1 4DJ', 'BS1',
        'Bristol, City of', 51.45 + (n % 1000) * 0.0001, -2.59 - (n / 1000 % 1000) * 0.0001,
        '{"note": null, "sessions": [{"day": 1, "opens": "09:00", "closes": "17:00"},
          {"day": 2, "opens": "09:00", "closes": "17:00"}]}'::jsonb,
        'bench', 'Synthetic data', 'Open Government Licence v3.0', 'Synthetic',
        'A synthetic service'
      from generate_series(${start}::int, ${end}::int) as n`);
  }
  await database.db.execute(sql`vacuum analyze services`);
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from services`,
  );
  console.log(
    `load: ${Number(row?.n).toLocaleString('en-GB')} services in ${((performance.now() - started) / 1000).toFixed(1)} s (no secondary indexes but the feed ids', no triggers)`,
  );
}

/** Every page in turn, as an importer would: one request at a time, gzip accepted. */
async function walk(address: string, perPage: number) {
  const timings: number[] = [];
  const ids = new Set<string>();
  let bytes = 0;
  const started = performance.now();
  for (let page = 1; ; page += 1) {
    const pageStarted = performance.now();
    const response = await fetch(`${address}/api/oruk/services?page=${page}&per_page=${perPage}`, {
      headers: { 'accept-encoding': 'gzip', 'x-forwarded-for': `10.0.${page >> 8}.${page & 255}` },
    });
    if (!response.ok) throw new Error(`page ${page}: ${response.status}`);
    const text = await response.text();
    const body = JSON.parse(text) as { last_page: boolean; contents: { id: string }[] };
    bytes += Buffer.byteLength(text);
    timings.push(performance.now() - pageStarted);
    for (const item of body.contents) ids.add(item.id);
    if (body.last_page) break;
  }
  const seconds = (performance.now() - started) / 1000;
  if (ids.size !== count) throw new Error(`walk met ${ids.size} services, not ${count}`);
  console.log(
    `walk per_page=${perPage}: ${timings.length} pages, ${ids.size.toLocaleString('en-GB')} services in ${seconds.toFixed(1)} s` +
      ` (${Math.round(count / seconds).toLocaleString('en-GB')} services/s); page p50 ${pct(timings, 50, 0)} ms,` +
      ` p95 ${pct(timings, 95, 0)} ms, first ${timings[0]?.toFixed(0)} ms, last ${timings.at(-1)?.toFixed(0)} ms` +
      `; ${(bytes / 1e6).toFixed(0)} MB of JSON (sent gzipped)`,
  );
}

/**
 * Each of `pages` asked for directly, in rounds (1, 50, 500, 1000, 1, 50, ...), so no page
 * gains from following another. The first round is apart: it is what a cold jump costs.
 */
async function timePages(address: string, perPage: number) {
  const timings = new Map<number, number[]>(pages.map((page) => [page, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const page of pages) {
      const started = performance.now();
      const response = await fetch(
        `${address}/api/oruk/services?page=${page}&per_page=${perPage}`,
        {
          headers: { 'accept-encoding': 'gzip', 'x-forwarded-for': `10.3.${round}.${page & 255}` },
        },
      );
      if (!response.ok) throw new Error(`page ${page}: ${response.status}`);
      const body = (await response.json()) as { size: number };
      if (body.size !== Math.min(perPage, Math.max(0, count - (page - 1) * perPage)))
        throw new Error(`page ${page} held ${body.size} services`);
      timings.get(page)!.push(performance.now() - started);
    }
  }
  for (const [page, ms] of timings) {
    const [first, ...rest] = ms;
    console.log(
      `per_page=${perPage} page ${page}: first ${first?.toFixed(0)} ms, then median ${pct(rest, 50, 0)} ms` +
        ` (min ${Math.min(...rest).toFixed(0)}, max ${Math.max(...rest).toFixed(0)}, ${rest.length} runs)`,
    );
  }
}

/** /services/{id} for services spread over the walk's order. */
async function lookupSample(address: string) {
  const step = Math.max(1, Math.floor(count / lookups));
  const first = await fetch(`${address}/api/oruk/services?per_page=1`);
  if (!first.ok) throw new Error(`list: ${first.status}`);
  const timings: number[] = [];
  for (let index = 0; index < lookups; index += 1) {
    const page = 1 + ((index * step) % count);
    const listed = (await (
      await fetch(`${address}/api/oruk/services?page=${page}&per_page=1`, {
        headers: { 'x-forwarded-for': `10.1.0.${index & 255}` },
      })
    ).json()) as { contents: { id: string }[] };
    const id = listed.contents[0]?.id;
    const started = performance.now();
    const response = await fetch(`${address}/api/oruk/services/${id}`, {
      headers: { 'x-forwarded-for': `10.2.0.${index & 255}` },
    });
    if (!response.ok) throw new Error(`service ${id}: ${response.status}`);
    await response.json();
    timings.push(performance.now() - started);
  }
  console.log(
    `/services/{id}: ${lookups} lookups, p50 ${pct(timings, 50, 0)} ms, p95 ${pct(timings, 95, 0)} ms` +
      ` (every id one by one, as the DfE importer does: about ${((Number(pct(timings, 50, 3)) * count) / 3_600_000).toFixed(1)} h)`,
  );
}

await main();
