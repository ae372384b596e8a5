import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { queryRows, type Db } from '@locals/db/client';
import { rateLimitHits } from '@locals/db/schema';
import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { keyedDigest, loadStoredSecret } from '../lib/secrets';

/**
 * Where rate-limit counters live, so that every instance behind a load balancer counts the same
 * client against the same limit (docs/decisions/014): Redis when REDIS_URL is set, otherwise the
 * shared PostgreSQL server when DATABASE_URL is set. The embedded database serves one process
 * only, so there the counters stay in that process's memory (@fastify/rate-limit's own store).
 */
export type RateLimitBackend =
  { kind: 'memory' } | { kind: 'postgres' } | { kind: 'redis'; url: string };

/** Counts a client's requests to one limit in fixed windows. */
export type HitCounter = {
  /** Adds a hit under `key`: the hits in its current window and the ms until that window ends. */
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  close(): Promise<void>;
};

/** How often the PostgreSQL counter's ended windows are deleted (security.ts schedules it). */
export const SWEEP_INTERVAL_MS = 60_000;

/** Deletes the counter windows that have ended; a missed sweep leaves them for the next. */
export async function sweepEndedWindows(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, sql`now()`));
}

/**
 * Counters in `rate_limit_hits`: one statement adds the hits, opening a new window when the last
 * one has ended, and answers the counts, so two instances hitting the same key at once can never
 * both see a count under the limit. Times come from the database, the one clock they share.
 */
export function postgresHitCounter(db: Db): HitCounter & { hitMany: HitMany } {
  const hitMany: HitMany = async (hits) => {
    if (hits.length === 0) return [];
    const p = (values: unknown[]) => sql.param(values);
    const rows = await queryRows<{ key: string; hits: number; ttl_ms: number }>(
      db,
      sql`
        insert into rate_limit_hits as counter (key, hits, resets_at)
        select key, hits, now() + make_interval(secs => window_ms / 1000)
        from unnest(${p(hits.map((hit) => hit.key))}::text[], ${p(hits.map((hit) => hit.hits))}::int[],
                    ${p(hits.map((hit) => hit.windowMs))}::float8[]) as h(key, hits, window_ms)
        on conflict (key) do update set
          hits = case when counter.resets_at <= now() then excluded.hits
                 else counter.hits + excluded.hits end,
          resets_at = case when counter.resets_at <= now() then excluded.resets_at
                      else counter.resets_at end
        returning key, hits, ceil(extract(epoch from resets_at - now()) * 1000)::float8 as ttl_ms`,
    );
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return hits.map(({ key }) => {
      const row = byKey.get(key);
      if (!row) throw new Error('The rate-limit counter returned no row');
      return { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl_ms)) };
    });
  };
  return {
    hitMany,
    async hit(key, windowMs) {
      const [result] = await hitMany([{ key, hits: 1, windowMs }]);
      return result!;
    },
    close: () => Promise.resolve(),
  };
}

/** Adds several keys' hits in one statement; one answer per key, in order. Keys are distinct. */
type HitMany = (
  hits: readonly { key: string; hits: number; windowMs: number }[],
) => Promise<{ current: number; ttl: number }[]>;

/** How often a batched counter sends its hits (issue 31): the lag between instances' counts. */
export const BATCH_INTERVAL_MS = 200;

/**
 * A counter that answers from this instance's memory and sends its hits to the shared counter
 * in one statement every `intervalMs` (issue 31): the global limit no longer costs each request
 * a write and a commit. This instance's own hits count at once; another instance's count once
 * they have been sent and the answer read, so across instances a client may pass the limit by
 * what it sends in one interval. That is kept for the generous limit on every request; the tight
 * limits of single routes (sign-in, sign-up, writes) stay exact.
 *
 * When sending fails the hits are dropped, as the limiter lets requests through while its store
 * is down; `onError` is told.
 */
export function batchedHitCounter(
  hitMany: HitMany,
  options: { intervalMs: number; onError: (error: unknown) => void; now?: () => number },
): HitCounter {
  const now = options.now ?? Date.now;
  /** Per key: the shared count last read, hits being sent, hits not yet sent. */
  const entries = new Map<
    string,
    { shared: number; sending: number; pending: number; resetsAt: number; windowMs: number }
  >();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function send(): Promise<void> {
    timer = undefined;
    const at = now();
    const batch: { key: string; hits: number; windowMs: number }[] = [];
    for (const [key, entry] of entries) {
      if (entry.pending > 0) {
        batch.push({ key, hits: entry.pending, windowMs: entry.windowMs });
        entry.sending += entry.pending;
        entry.pending = 0;
      } else if (entry.sending === 0 && entry.resetsAt <= at) entries.delete(key);
    }
    try {
      const answers = await hitMany(batch);
      const answeredAt = now();
      batch.forEach(({ key, hits }, index) => {
        const entry = entries.get(key);
        const answer = answers[index]!;
        if (!entry) return;
        entry.sending -= hits;
        entry.shared = answer.current;
        entry.resetsAt = answeredAt + answer.ttl;
      });
    } catch (error) {
      for (const { key, hits } of batch) {
        const entry = entries.get(key);
        if (entry) entry.sending -= hits;
      }
      options.onError(error);
    }
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      flushing = flushing.then(send);
    }, options.intervalMs);
    timer.unref();
  }

  return {
    hit(key, windowMs) {
      const at = now();
      let entry = entries.get(key);
      if (!entry || (entry.resetsAt <= at && entry.sending === 0)) {
        entry = { shared: 0, sending: 0, pending: 0, resetsAt: at + windowMs, windowMs };
        entries.set(key, entry);
      }
      entry.pending += 1;
      schedule();
      return Promise.resolve({
        current: entry.shared + entry.sending + entry.pending,
        ttl: Math.max(0, entry.resetsAt - at),
      });
    },
    async close() {
      if (timer) clearTimeout(timer);
      await (flushing = flushing.then(send));
    },
  };
}

/**
 * Counters in Redis: INCR, then PEXPIRE NX starts the window on the first hit only, in one
 * MULTI so no other instance's command runs between them.
 */
export function redisHitCounter(redis: Redis): HitCounter {
  return {
    async hit(key, windowMs) {
      const replies = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
      const [incr, , pttl] = replies ?? [];
      const failure = incr?.[0] ?? pttl?.[0];
      if (failure) throw failure;
      return { current: Number(incr?.[1]), ttl: Math.max(0, Number(pttl?.[1])) };
    },
    close: async () => {
      // QUIT needs a live connection; one still reconnecting is just dropped.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}

type StoreLog = {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
};

/**
 * A Redis connection that fails a command at once while the server is unreachable, rather than
 * queueing it and holding the request open; the limiter then lets the request through.
 *
 * Decision 029: Redis down at start-up no longer stops the server. The same outage while running was
 * already served without limits (logged once a minute by `reportingFailures`), so start-up does
 * the same: it says so once, and ioredis keeps reconnecting; the limits return with Redis.
 */
export async function connectRedis(url: string, log: StoreLog): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  // ioredis reconnects by itself; without a listener an 'error' event would end the process.
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(
      { reason },
      'Could not connect to Redis at REDIS_URL: starting with rate limits off until it answers',
    );
    redis.once('ready', () =>
      log.info({}, 'Redis at REDIS_URL answers: rate limits are counted again'),
    );
  }
  return redis;
}

/**
 * A store for @fastify/rate-limit over a shared counter. Each route with limits of its own gets
 * a child whose keys carry the route, as the library's stores do. Keys are keyed digests of the
 * client's address or account, so the shared store never holds either in the clear.
 */
export function sharedRateLimitStore(
  counters: { everyRequest: HitCounter; route: HitCounter },
  digestKey: (key: string) => string,
): FastifyRateLimitStoreCtor {
  // Not `implements FastifyRateLimitStore`: its typings say `child` receives the route's options,
  // while the library passes the merged limit settings, which carry the route as `routeInfo`.
  class SharedStore {
    private readonly prefix: string;
    private readonly counter: HitCounter;

    /** The store the library makes holds the limit on every request; a route's is its child. */
    constructor(_options?: unknown, prefix = 'rl:', counter = counters.everyRequest) {
      this.prefix = prefix;
      this.counter = counter;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      this.counter.hit(digestKey(`${this.prefix}${key}`), timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { routeInfo?: { method?: unknown; url?: unknown } }): SharedStore {
      const route = routeOptions.routeInfo ?? {};
      return new SharedStore(
        undefined,
        `${this.prefix}${String(route.method)}${String(route.url)}:`,
        counters.route,
      );
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The counter for this deployment, or none for the in-process store. Its keys are digested with
 * a secret kept in the database, the same for every instance.
 */
export async function createSharedStore(options: {
  backend: Exclude<RateLimitBackend, { kind: 'memory' }>;
  db: Db;
  log: StoreLog;
}): Promise<{ store: FastifyRateLimitStoreCtor; close(): Promise<void> }> {
  const { backend } = options;
  const secret = await loadStoredSecret(options.db, 'rate-limit-keys');
  const report = failureReporter(options.log);
  const digest = (key: string) => keyedDigest(secret, key);
  if (backend.kind === 'redis') {
    const counter = reportingFailures(
      redisHitCounter(await connectRedis(backend.url, options.log)),
      report,
    );
    return {
      store: sharedRateLimitStore({ everyRequest: counter, route: counter }, digest),
      close: () => counter.close(),
    };
  }
  const exact = postgresHitCounter(options.db);
  const batched = batchedHitCounter(exact.hitMany, {
    intervalMs: BATCH_INTERVAL_MS,
    onError: report,
  });
  return {
    store: sharedRateLimitStore(
      { everyRequest: batched, route: reportingFailures(exact, report) },
      digest,
    ),
    close: () => batched.close(),
  };
}

/** While the store is down, one log line a minute says so, not one per request. */
const FAILURE_REPORT_INTERVAL_MS = 60_000;

/**
 * The limiter lets a request through when its counter fails (`skipOnError`): a directory people
 * reach in a hard moment stays up while Redis or the counter table is unreachable. That must
 * not go unnoticed, so failures are logged, without the key.
 */
function failureReporter(log: { error(details: object, message: string): void }) {
  let lastReport = 0;
  return (error: unknown) => {
    if (Date.now() - lastReport < FAILURE_REPORT_INTERVAL_MS) return;
    lastReport = Date.now();
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ reason }, 'Rate-limit store failed: requests pass unlimited until it recovers');
  };
}

function reportingFailures(counter: HitCounter, report: (error: unknown) => void): HitCounter {
  return {
    async hit(key, windowMs) {
      try {
        return await counter.hit(key, windowMs);
      } catch (error) {
        report(error);
        throw error;
      }
    },
    close: () => counter.close(),
  };
}

/** Redis if configured, else the shared PostgreSQL, else (embedded database) this process. */
export function rateLimitBackend(config: {
  redisUrl: string | undefined;
  databaseKind: 'pglite' | 'postgres';
}): RateLimitBackend {
  if (config.redisUrl) return { kind: 'redis', url: config.redisUrl };
  return { kind: config.databaseKind === 'postgres' ? 'postgres' : 'memory' };
}
