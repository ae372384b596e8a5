import { parseArgs } from 'node:util';
import { queryRows, type Database } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { createGeocoder } from '../capabilities/geocoder/geocoder';
import { METRES_PER_MILE } from '../modules/services/distance';
import { parseKeyword } from '../modules/services/keyword';
import { searchByKeyword } from '../modules/services/keyword-search';
import type { SearchFilters } from '../modules/services/search-sql';
import { createServicesRepository } from '../modules/services/services.repository';
import {
  insertDistricts,
  LOAD_BENCH_OPTIONS,
  openBenchDatabase,
  pct,
  readDistricts,
  runLoad,
  timeEachOrigin,
} from './bench-support';
import { cpuPerRequest, POSTGRES_PIDS_SQL, sampleCpu } from './process-cpu';
import { seededRandom, syntheticServices, type District } from './synthetic-services';

/**
 * Search benchmark: N synthetic services around real district centroids, then postcode + 10 miles
 * + category (and + keyword) searches timed in SQL and through the HTTP app. See docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    ...LOAD_BENCH_OPTIONS,
    n: { type: 'string', default: '20000' },
    /** 'district' loads services sorted by postcode district, as real feeds arrive; 'random' does not. */
    order: { type: 'string', default: 'district' },
    /** Keep the PostgreSQL database afterwards (for EXPLAIN by hand) and skip the timings. */
    'load-only': { type: 'boolean', default: false },
    /** PostgreSQL: time the database at --database-url as it is (kept by --load-only); no load, no drop. */
    existing: { type: 'boolean', default: false },
    /** Connections that insert rows and build indexes at once during the load. */
    'load-connections': { type: 'string', default: '2' },
  },
});
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite';
const count = Number(values.n);
const originCount = Number(values.origins);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
// PGlite is one connection: its statements run one at a time whatever is asked.
const loadConnections = engine === 'postgres' ? Math.max(1, Number(values['load-connections'])) : 1;
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TRUST_PROXY: '1' });
const BATCH = 10_000;
const MAINTENANCE_WORK_MEM = '1GB';

type Scenario = {
  name: string;
  filters: SearchFilters;
  keyword?: string;
  query: Record<string, string>;
  /** A page deep in the results (10 a page), timed only where the search has that many. */
  page?: number;
};

const SCENARIOS: Scenario[] = [
  {
    name: '10 miles + category',
    filters: { category: 'food', serviceTypes: [], includeUnverified: false },
    query: { distance: '10', category: 'food' },
  },
  {
    name: '10 miles + category + keyword',
    filters: { category: 'food', serviceTypes: [], includeUnverified: false },
    keyword: 'pantry',
    query: { distance: '10', category: 'food', keyword: 'pantry' },
  },
  {
    name: '10 miles + category + misspelt keyword',
    filters: { category: 'food', serviceTypes: [], includeUnverified: false },
    keyword: 'fodbank',
    query: { distance: '10', category: 'food', keyword: 'fodbank' },
  },
];

/** Deep pages (issue 31): page 50 of the dense searches, beside their page 1 above. */
const DEEP_PAGE = 50;
const DEEP_SCENARIOS: Scenario[] = SCENARIOS.slice(0, 2).map((scenario) => ({
  ...scenario,
  name: `${scenario.name}, page ${DEEP_PAGE}`,
  page: DEEP_PAGE,
}));

async function main() {
  console.log(`\n== ${engine}, N = ${count.toLocaleString('en-GB')} services ==`);
  const { database, dispose } = await openBenchDatabase({
    engine,
    databaseUrl: values['database-url'],
    existing: values.existing,
  });
  try {
    const districts = await readDistricts(config.openDataDir);
    if (!values.existing) await insertDistricts(database, districts);
    if (!values.existing) {
      const loadMs = await loadServices(database, districts);
      console.log(
        `load: ${count.toLocaleString('en-GB')} services (${values.order} order, ${loadConnections} connections) with indexes in ${(loadMs / 1000).toFixed(1)} s`,
      );
    }
    if (values['load-only'] && engine === 'postgres') {
      console.log(
        `kept: database ${(await queryRows<{ name: string }>(database.db, sql`select current_database() as name`))[0]?.name}`,
      );
      process.exit(0);
    }
    const origins = pickOrigins(districts);
    const totals: number[][] = [];
    for (const scenario of SCENARIOS) totals.push(await timeSql(database, origins, scenario));
    for (const [index, scenario] of DEEP_SCENARIOS.entries()) {
      // The origins with page 50 to show, and their page 1 again, for a like-for-like ratio.
      const dense = origins.filter((_, at) => totals[index]![at]! >= DEEP_PAGE * 10);
      await timeSql(database, dense, {
        ...scenario,
        name: `${SCENARIOS[index]!.name}, page 1`,
        page: 1,
      });
      await timeSql(database, dense, scenario);
    }
    await timeHttp(database, origins);
  } finally {
    await dispose();
  }
}

/**
 * A bulk load as an operator would run it: the secondary indexes (exactly as the migrations made
 * them) are dropped, rows go in by batched unnest inserts, the indexes are rebuilt, then ANALYZE.
 */
async function loadServices(database: Database, districts: District[]): Promise<number> {
  const generated = [...syntheticServices(count, districts)];
  if (values.order === 'district')
    generated.sort((a, b) => (a.outcode < b.outcode ? -1 : a.outcode > b.outcode ? 1 : 0));
  const started = performance.now();
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    database.db,
    sql`select indexname, indexdef from pg_indexes
        where tablename = 'services' and schemaname = current_schema() and indexname <> 'services_pkey'`,
  );
  for (const index of indexes)
    await database.db.execute(sql.raw(`drop index "${index.indexname}"`));
  // Longest builds first, so concurrent builds finish together: whole-table GiST, then trigram GIN.
  const buildRank = (definition: string) =>
    /using gist/i.test(definition) && !/ where /i.test(definition)
      ? 0
      : /gin_trgm_ops/i.test(definition)
        ? 1
        : 2;
  indexes.sort((a, b) => buildRank(a.indexdef) - buildRank(b.indexdef));
  // Up to `workers` statements at once, each on its own pool connection.
  const workers = loadConnections;
  const running = new Set<Promise<void>>();
  const submit = async (work: () => Promise<void>) => {
    const job: Promise<void> = work().finally(() => running.delete(job));
    running.add(job);
    if (running.size >= workers) await Promise.race(running);
  };
  let batch: ReturnType<typeof emptyBatch> = emptyBatch();
  const insertBatch = async (rows: ReturnType<typeof emptyBatch>) => {
    const p = (values: unknown[]) => sql.param(values);
    await database.db.execute(sql`
      insert into services (id, name, name_original, description, service_types, categories, verified, outcode,
        lad_name, latitude, longitude, rating_average, age_min, age_max, source, licence, search_document)
      select id, name, name, description, string_to_array(types, '|'), string_to_array(cats, '|'), verified, outcode,
        lad_name, lat, lng, rating, age_min, age_max, 'bench', 'synthetic', doc
      from unnest(${p(rows.id)}::text[], ${p(rows.name)}::text[], ${p(rows.description)}::text[], ${p(rows.types)}::text[],
        ${p(rows.cats)}::text[], ${p(rows.verified)}::bool[], ${p(rows.outcode)}::text[], ${p(rows.ladName)}::text[],
        ${p(rows.lat)}::float8[], ${p(rows.lng)}::float8[], ${p(rows.rating)}::real[], ${p(rows.ageMin)}::int[],
        ${p(rows.ageMax)}::int[], ${p(rows.doc)}::text[])
        as t(id, name, description, types, cats, verified, outcode, lad_name, lat, lng, rating, age_min, age_max, doc)`);
  };
  const flush = async () => {
    if (batch.id.length === 0) return;
    const rows = batch;
    batch = emptyBatch();
    await submit(() => insertBatch(rows));
  };
  for (const service of generated) {
    batch.id.push(service.id);
    batch.name.push(service.name);
    batch.description.push(service.description);
    batch.types.push(service.serviceTypes.join('|'));
    batch.cats.push(service.categories.join('|'));
    batch.verified.push(service.verified);
    batch.outcode.push(service.outcode);
    batch.ladName.push(service.ladName);
    batch.lat.push(service.latitude);
    batch.lng.push(service.longitude);
    batch.rating.push(service.rating);
    batch.ageMin.push(service.ageMin);
    batch.ageMax.push(service.ageMax);
    batch.doc.push(service.searchDocument);
    if (batch.id.length >= BATCH) await flush();
  }
  await flush();
  await Promise.all(running);
  const inserted = performance.now();
  const indexTimes: string[] = [];
  // Indexes are built concurrently too (PostgreSQL 15 builds GiST and GIN indexes on one core each).
  for (const index of indexes) {
    await submit(async () => {
      const indexStarted = performance.now();
      await database.db.transaction(async (transaction) => {
        await transaction.execute(
          sql.raw(`set local maintenance_work_mem = '${MAINTENANCE_WORK_MEM}'`),
        );
        await transaction.execute(sql.raw(index.indexdef));
      });
      indexTimes.push(
        `${index.indexname.replace(/^services_/, '')} ${((performance.now() - indexStarted) / 1000).toFixed(1)}`,
      );
    });
  }
  await Promise.all(running);
  const indexed = performance.now();
  await database.db.execute(sql`vacuum analyze services`);
  console.log(
    `      rows ${((inserted - started) / 1000).toFixed(1)} s (generated columns included); indexes ${((indexed - inserted) / 1000).toFixed(1)} s` +
      ` (each, s: ${indexTimes.join(', ')}); vacuum analyze ${((performance.now() - indexed) / 1000).toFixed(1)} s`,
  );
  return performance.now() - started;
}

function emptyBatch() {
  return {
    id: [] as string[],
    name: [] as string[],
    description: [] as string[],
    types: [] as string[],
    cats: [] as string[],
    verified: [] as boolean[],
    outcode: [] as string[],
    ladName: [] as (string | null)[],
    lat: [] as number[],
    lng: [] as number[],
    rating: [] as (number | null)[],
    ageMin: [] as (number | null)[],
    ageMax: [] as (number | null)[],
    doc: [] as string[],
  };
}

/** Real districts, chosen with the same seed each run, weighted like the services. */
function pickOrigins(districts: District[]): District[] {
  const random = seededRandom(7);
  return Array.from(
    { length: originCount },
    () => districts[Math.floor(random() * districts.length)]!,
  );
}

async function timeSql(
  database: Database,
  origins: District[],
  scenario: (typeof SCENARIOS)[number],
) {
  const directory = createServicesRepository(database.db);
  const geocoder = createGeocoder({ db: database.db, log: console });
  const run = async (origin: District) => {
    const location = await geocoder.resolve(origin.outcode);
    if (!location) throw new Error(`No district ${origin.outcode}`);
    const started = performance.now();
    const area = radiusAround(location.coordinates);
    const slice = { limit: 10, offset: ((scenario.page ?? 1) - 1) * 10 };
    // A keyword runs as the API runs it: spelling checks, then every word, then the fallback.
    const page = scenario.keyword
      ? await searchByKeyword(
          directory,
          area,
          scenario.filters,
          scenario.keyword,
          parseKeyword(scenario.keyword).terms,
          slice,
        )
      : { ...(await directory.search(area, scenario.filters, slice)), filters: scenario.filters };
    const searched = performance.now();
    // Page 1's companion count (decision 045), over the filters the results came from.
    const filters = page.filters;
    const counted =
      scenario.page === undefined && filters ? await directory.refinements(area, filters) : null;
    const alsoMs = counted ? performance.now() - searched : undefined;
    return { ms: searched - started, total: page.total, alsoMs };
  };
  const { timings, totals, alsoTimings: refinements } = await timeEachOrigin(origins, run);
  const where = scenario.page
    ? ` at ${origins.length} origins with ${DEEP_PAGE * 10}+ matches`
    : '';
  console.log(
    `sql  ${scenario.name.padEnd(40)}${where} p50 ${pct(timings, 50)} ms  p95 ${pct(timings, 95)} ms  p99 ${pct(timings, 99)} ms` +
      `  (median ${pct(totals, 50, 0)} matches, max ${Math.max(...totals)})`,
  );
  if (refinements.length > 0)
    console.log(
      `sql  ${`${scenario.name}, its refinements`.padEnd(40)} p50 ${pct(refinements, 50)} ms  p95 ${pct(refinements, 95)} ms  p99 ${pct(refinements, 99)} ms`,
    );
  if (engine === 'postgres' && scenario === SCENARIOS[0])
    await explain(database, origins[0]!, scenario.filters);
  return totals;
}

function radiusAround(point: { lat: number; lng: number }) {
  return {
    kind: 'radius' as const,
    latitude: point.lat,
    longitude: point.lng,
    radiusMetres: 10 * METRES_PER_MILE,
  };
}

async function explain(database: Database, origin: District, filters: SearchFilters) {
  const { searchStatement } = await import('../modules/services/search-sql');
  const statement = searchStatement(
    {
      kind: 'radius',
      latitude: origin.latitude,
      longitude: origin.longitude,
      radiusMetres: 10 * METRES_PER_MILE,
    },
    filters,
    { limit: 10, offset: 0 },
  );
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    database.db,
    sql`explain (analyze, buffers) ${statement}`,
  );
  const plan = rows.map((row) => row['QUERY PLAN']);
  const indexes = [
    ...new Set(plan.flatMap((line) => /using (services_\w+)/.exec(line)?.[1] ?? [])),
  ];
  console.log(`     plan (${origin.outcode}) uses ${indexes.join(', ') || 'no index'}:`);
  for (const line of plan.filter((line) =>
    /Scan|Heap Fetches|Planning Time|Execution Time/.test(line),
  )) {
    console.log(`       ${line.trim().replace(/\s+\(cost=[^)]*\)/, '')}`);
  }
}

async function postgresPids(database: Database): Promise<number[]> {
  if (engine !== 'postgres') return [];
  const rows = await queryRows<{ pid: number }>(database.db, sql.raw(POSTGRES_PIDS_SQL));
  return rows.map((row) => Number(row.pid));
}

async function timeHttp(database: Database, origins: District[]) {
  // As the bench always ran (logging off), then the first scenario again with production's
  // info-level JSON request logs (written to /dev/null, so the terminal is not the bottleneck).
  const runs = [
    ...SCENARIOS.slice(0, 2).map((scenario) => ({ scenario, logs: false })),
    { scenario: SCENARIOS[0]!, logs: true },
  ];
  for (const { scenario, logs } of runs) {
    const app = await buildApp({
      config,
      database,
      logger: logs
        ? {
            level: 'info',
            file: '/dev/null',
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (request) => ({ method: request.method, path: request.url.split('?')[0] }),
            },
          }
        : false,
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const paths = origins.map(
        (origin) =>
          `/api/HealthServices/search-new?${new URLSearchParams({ postcode: origin.outcode, pageSize: '10', ...scenario.query }).toString()}`,
      );
      const pidsBefore = await postgresPids(database);
      const before = sampleCpu(pidsBefore);
      const result = await runLoad({ url: address, paths, seconds, connections });
      const after = sampleCpu([...new Set([...pidsBefore, ...(await postgresPids(database))])]);
      const cpu = cpuPerRequest(before, after, result.total);
      const name = logs ? `${scenario.name}, info logs` : scenario.name;
      console.log(
        `http ${name.padEnd(40)} ${result.requestsPerSecond.toFixed(0)} req/s  p50 ${result.p50} ms  p90 ${result.p90} ms` +
          `  p99 ${result.p99} ms  (${result.total} requests, ${result.non2xx} non-2xx, ${connections} connections, ${seconds} s)`,
      );
      // PGlite runs in this process: its CPU is in the Node figure.
      console.log(
        `cpu  ${name.padEnd(40)} ${cpu.totalMs.toFixed(2)} ms a request (Node ${cpu.nodeMs.toFixed(2)} ms` +
          (engine === 'postgres'
            ? ` + PostgreSQL ${cpu.postgresMs.toFixed(2)} ms)`
            : ', PostgreSQL in it)'),
      );
    } finally {
      await app.close();
    }
  }
}

await main();
