import { parseArgs } from 'node:util';
import { EVENT_CATEGORIES } from '@locals/contracts/event-categories';
import { queryRows, type Database } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import {
  createEventsRepository,
  METRES_PER_MILE,
  type EventSearch,
} from '../modules/events/events.repository';
import { londonMidnight, nextDay } from '../capabilities/london-time';
import { createGeocoder } from '../capabilities/geocoder/geocoder';
import {
  insertDistricts,
  LOAD_BENCH_OPTIONS,
  openBenchDatabase,
  pct,
  readDistricts,
  runLoad,
  timeEachOrigin,
} from './bench-support';
import { seededRandom, type District } from './synthetic-services';

/**
 * Events benchmark (decision 021): synthetic weekly events around real district centroids, each
 * with weekly sessions, then postcode + 10 miles + a week's dates, and the searches with no
 * postcode and no dates, timed in SQL and over HTTP. See docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    ...LOAD_BENCH_OPTIONS,
    occurrences: { type: 'string', default: '100000' },
    /** Instead of --occurrences: this many events, each with --sessions sessions. */
    events: { type: 'string' },
    /** Sessions per event: weekly, so this many weeks ahead. */
    sessions: { type: 'string', default: '26' },
    /** PostgreSQL: keep the loaded database afterwards, for EXPLAIN by hand. */
    keep: { type: 'boolean', default: false },
  },
});
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite';
const sessionsPerEvent = Number(values.sessions);
const occurrenceCount = values.events
  ? Number(values.events) * sessionsPerEvent
  : Number(values.occurrences);
const eventCount = Math.ceil(occurrenceCount / sessionsPerEvent);
const originCount = Number(values.origins);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TRUST_PROXY: '1' });
const BATCH = 10_000;
const PAGE_SIZE = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Window = { from: string; to?: string; date?: string };
type Scenario = {
  name: string;
  /** No postcode: events everywhere. */
  everywhere?: boolean;
  category?: (typeof EVENT_CATEGORIES)[number]['id'];
  window: (day: number) => Window;
  /** Which page of 20; default the first. */
  page?: number;
  /** When it is searched; default now, just after the load worked out each next session. */
  at?: () => Date;
  /** The job (decision 039) last ran this long before `at`. */
  jobAgoMs?: number;
  /** Also timed over HTTP under load. */
  overHttp?: boolean;
};

const today = Temporal.Now.plainDateISO('Europe/London');
const dayAfter = (days: number) => today.add({ days }).toString();
const SCENARIOS: Scenario[] = [
  {
    name: '10 miles + a week',
    overHttp: true,
    window: (offset) => ({ from: dayAfter(offset), to: dayAfter(offset + 6) }),
  },
  {
    name: '10 miles + a week + category',
    overHttp: true,
    category: 'food',
    window: (offset) => ({ from: dayAfter(offset), to: dayAfter(offset + 6) }),
  },
  { name: '10 miles + one date', window: (offset) => ({ from: '', date: dayAfter(offset) }) },
  // The form's first search: a postcode and nothing else, every upcoming event.
  { name: '10 miles, any date', overHttp: true, window: () => ({ from: '' }) },
  // /events with nothing filled in, or only a category: every upcoming event in the country.
  { name: 'everywhere, any date', everywhere: true, overHttp: true, window: () => ({ from: '' }) },
  {
    name: 'everywhere, any date + category',
    everywhere: true,
    overHttp: true,
    category: 'food',
    window: () => ({ from: '' }),
  },
  {
    name: 'everywhere, any date, page 50',
    everywhere: true,
    page: 50,
    window: () => ({ from: '' }),
  },
  // A day on with no job run: the stored sessions of a seventh of the events are over.
  {
    name: 'everywhere, a day on, no job run',
    everywhere: true,
    at: () => new Date(Date.now() + DAY_MS),
    window: () => ({ from: '' }),
  },
  // The worst minute: the bench's sessions end on the hour, 1 in 70 of them at noon tomorrow,
  // and the job last ran just before.
  {
    name: 'everywhere, on the hour, job a minute ago',
    everywhere: true,
    at: () => new Date(londonMidnight(dayAfter(1)).getTime() + 12 * HOUR_MS + 30_000),
    jobAgoMs: 60_000,
    window: () => ({ from: '' }),
  },
];

async function main() {
  console.log(
    `\n== ${engine}, ${occurrenceCount.toLocaleString('en-GB')} event sessions (${eventCount.toLocaleString('en-GB')} weekly events × ${sessionsPerEvent}) ==`,
  );
  const { database, dispose } = await openBenchDatabase({
    engine,
    databaseUrl: values['database-url'],
    keep: values.keep,
  });
  try {
    const districts = await readDistricts(config.openDataDir);
    await insertDistricts(database, districts);
    const loadMs = await loadEvents(database, districts);
    console.log(`load: with indexes in ${(loadMs / 1000).toFixed(1)} s`);
    const origins = pickOrigins(districts);
    for (const scenario of SCENARIOS) await timeSql(database, origins, scenario);
    if (engine === 'postgres') await showIndexUse(database);
    await timeHttp(database, origins);
  } finally {
    await dispose();
  }
}

/**
 * Events go in by batched unnest inserts, each with `sessions` weekly sessions made by
 * generate_series, the occurrence indexes dropped first and rebuilt after (as an operator's bulk
 * load would), then ANALYZE. Events sit within about 3 km of a district centroid, districts
 * chosen by how many postcodes they have, so towns have more events than moors.
 */
async function loadEvents(database: Database, districts: District[]): Promise<number> {
  const started = performance.now();
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    database.db,
    sql`select indexname, indexdef from pg_indexes
        where tablename = 'event_occurrences' and schemaname = current_schema()`,
  );
  for (const index of indexes)
    await database.db.execute(sql.raw(`drop index "${index.indexname}"`));
  // Each insert's trigger would look up its events' next sessions without the indexes: they
  // are worked out once, after (migration 0024).
  await database.db.execute(sql`alter table event_occurrences disable trigger user`);
  const random = seededRandom(14);
  const pick = weightedPicker(districts, random);
  const firstDay = londonMidnight(today.toString()).getTime();
  const p = (values: unknown[]) => sql.param(values);
  for (let start = 0; start < eventCount; start += BATCH) {
    const rows = {
      id: [] as string[],
      category: [] as string[],
      lat: [] as number[],
      lng: [] as number[],
      postcode: [] as string[],
      first: [] as string[],
    };
    for (let i = start; i < Math.min(eventCount, start + BATCH); i++) {
      const district = pick();
      rows.id.push(`bench-${i}`);
      rows.category.push(EVENT_CATEGORIES[i % EVENT_CATEGORIES.length]!.id);
      rows.lat.push(district.latitude + (random() - 0.5) * 0.05);
      rows.lng.push(district.longitude + (random() - 0.5) * 0.08);
      rows.postcode.push(district.outcode);
      // A day in the first week and an hour between 09:00 and 19:00 (UTC: the bench's own clock).
      const day = Math.floor(random() * 7);
      const hour = 9 + Math.floor(random() * 10);
      rows.first.push(new Date(firstDay + day * 86_400_000 + hour * 3_600_000).toISOString());
    }
    await database.db.execute(sql`
      insert into events (id, source, source_uid, licence, title, description, category, venue,
        address, postcode, latitude, longitude, organizer_name, recurrence)
      select id, 'bench', id, 'synthetic', 'Bench event ' || id, 'A synthetic event.', cat,
        'Bench venue', '', pc, lat, lng, 'Bench', 'Weekly'
      from unnest(${p(rows.id)}::text[], ${p(rows.category)}::text[], ${p(rows.lat)}::float8[],
        ${p(rows.lng)}::float8[], ${p(rows.postcode)}::text[]) as t(id, cat, lat, lng, pc)`);
    await database.db.execute(sql`
      insert into event_occurrences (event_id, starts_at, ends_at, category,
        registration_required, cancelled, latitude, longitude)
      select t.id, s, s + interval '2 hours', t.cat, false, false, t.lat, t.lng
      from unnest(${p(rows.id)}::text[], ${p(rows.category)}::text[], ${p(rows.lat)}::float8[],
        ${p(rows.lng)}::float8[], ${p(rows.first)}::timestamptz[]) as t(id, cat, lat, lng, first),
        generate_series(t.first, t.first + (${sessionsPerEvent - 1} * interval '7 days'), interval '7 days') s
      limit ${Math.min(BATCH * sessionsPerEvent, occurrenceCount - start * sessionsPerEvent)}`);
  }
  const inserted = performance.now();
  for (const index of indexes) {
    await database.db.transaction(async (transaction) => {
      if (engine === 'postgres')
        await transaction.execute(sql.raw(`set local maintenance_work_mem = '1GB'`));
      await transaction.execute(sql.raw(index.indexdef));
    });
  }
  const indexed = performance.now();
  await database.db.execute(sql`alter table event_occurrences enable trigger user`);
  await database.db.execute(
    sql`select locals_event_next_dates(array(select id from events), now())`,
  );
  const dated = performance.now();
  await database.db.execute(sql`vacuum analyze events`);
  await database.db.execute(sql`vacuum analyze event_occurrences`);
  const [counted] = await queryRows<{ n: number | string }>(
    database.db,
    sql`select count(*) as n from event_occurrences`,
  );
  console.log(
    `      ${Number(counted?.n).toLocaleString('en-GB')} sessions: rows ${((inserted - started) / 1000).toFixed(1)} s; indexes ${((indexed - inserted) / 1000).toFixed(1)} s; next sessions ${((dated - indexed) / 1000).toFixed(1)} s`,
  );
  return performance.now() - started;
}

/** Real districts, the same each run, weighted like the events (people search where they live). */
function pickOrigins(districts: District[]): District[] {
  return Array.from({ length: originCount }, weightedPicker(districts, seededRandom(7)));
}

/** Draws districts at random, each as often as its weight (postcodes) says. */
function weightedPicker(districts: District[], random: () => number): () => District {
  const totalWeight = districts.reduce((sum, d) => sum + d.weight, 0);
  return () => {
    let at = random() * totalWeight;
    for (const district of districts) {
      at -= district.weight;
      if (at <= 0) return district;
    }
    return districts[districts.length - 1]!;
  };
}

/** As the API reads the filters: without dates, from a day ago (sessions still on) onwards. */
function windowOf(window: Window, now: Date) {
  const first = window.date ?? window.from;
  const last = window.date ?? window.to;
  return {
    from: first ? londonMidnight(first) : new Date(now.getTime() - DAY_MS),
    ...(last && { to: londonMidnight(nextDay(last)) }),
  };
}

async function timeSql(database: Database, origins: District[], scenario: Scenario) {
  const events = createEventsRepository(database.db);
  const geocoder = createGeocoder({ db: database.db, log: console });
  const random = seededRandom(21);
  if (scenario.at && scenario.jobAgoMs) {
    await events.refreshNextSessions(new Date(scenario.at().getTime() - scenario.jobAgoMs));
  }
  const due = scenario.at ? await dueAt(database, scenario.at()) : '';
  const run = async (origin: District) => {
    const location = scenario.everywhere ? null : await geocoder.resolve(origin.outcode);
    if (!scenario.everywhere && !location) throw new Error(`No district ${origin.outcode}`);
    const now = scenario.at?.() ?? new Date();
    const search: EventSearch = {
      ...(location && {
        near: {
          latitude: location.coordinates.lat,
          longitude: location.coordinates.lng,
          metres: 10 * METRES_PER_MILE,
        },
      }),
      ...windowOf(scenario.window(Math.floor(random() * 60)), now),
      now,
      ...(scenario.category && { category: scenario.category }),
      limit: PAGE_SIZE,
      offset: ((scenario.page ?? 1) - 1) * PAGE_SIZE,
    };
    const started = performance.now();
    const page = await events.search(search);
    return { ms: performance.now() - started, total: page.total };
  };
  const { timings, totals } = await timeEachOrigin(origins, run);
  // As the next search now would find them: stored as of now, not the scenario's moment.
  if (scenario.jobAgoMs) await events.refreshNextSessions(new Date());
  console.log(
    `sql  ${scenario.name.padEnd(42)} p50 ${pct(timings, 50)} ms  p95 ${pct(timings, 95)} ms  p99 ${pct(timings, 99)} ms` +
      `  (median ${pct(totals, 50, 0)} events, max ${Math.max(...totals)}${due && `; ${due}`})`,
  );
}

/**
 * How many events a search everywhere at `now` cannot take at their stored next session, and
 * how many of those it looks up rather than taking their following one (decision 039).
 */
async function dueAt(database: Database, now: Date): Promise<string> {
  const from = new Date(now.getTime() - DAY_MS);
  const [row] = await queryRows<{ due: number | string; looked_up: number | string }>(
    database.db,
    sql`select count(*) as due,
          count(*) filter (where not coalesce(next_as_of <= ${now}
            and following_starts_at >= ${from} and following_ends_at > ${now}, false)) as looked_up
        from events
        where next_as_of > ${now} or next_ends_at <= ${now} or next_starts_at < ${from}`,
  );
  return `${Number(row?.due)} due, ${Number(row?.looked_up)} looked up`;
}

/** Which indexes the searches read: the cell-and-start index is the one that should. */
async function showIndexUse(database: Database) {
  const rows = await queryRows<{ name: string; scans: number | string }>(
    database.db,
    sql`select indexrelname as name, idx_scan as scans from pg_stat_user_indexes
        where relname = 'event_occurrences' order by indexrelname`,
  );
  console.log(`     index scans: ${rows.map((row) => `${row.name} ${row.scans}`).join(', ')}`);
}

async function timeHttp(database: Database, origins: District[]) {
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const random = seededRandom(33);
  try {
    for (const scenario of SCENARIOS.filter((scenario) => scenario.overHttp)) {
      const paths = origins.map((origin) => {
        const window = scenario.window(Math.floor(random() * 60));
        const query = {
          ...(!scenario.everywhere && { location: origin.outcode, maxDistance: '10' }),
          ...(window.date && { date: window.date }),
          ...(window.from && { from: window.from }),
          ...(window.to && { to: window.to }),
          ...(scenario.category && { category: scenario.category }),
        };
        return `/api/events/search?${new URLSearchParams(query).toString()}`;
      });
      const result = await runLoad({ url: address, paths, seconds, connections });
      console.log(
        `http ${scenario.name.padEnd(42)} ${result.requestsPerSecond.toFixed(0)} req/s  p50 ${result.p50} ms  p90 ${result.p90} ms` +
          `  p99 ${result.p99} ms  (${result.total} requests, ${result.non2xx} non-2xx, ${connections} connections, ${seconds} s)`,
      );
    }
  } finally {
    await app.close();
  }
}

await main();
