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
 * Counters in `rate_limit_hits`: one statement adds the hit, opening a new window when the last
 * one has ended, and answers the count, so two instances hitting the same key at once can never
 * both see a count under the limit. Times come from the database, the one clock they share.
 */
export function postgresHitCounter(db: Db): HitCounter {
  return {
    async hit(key, windowMs) {
      const window = sql`make_interval(secs => ${windowMs / 1000})`;
      const [row] = await queryRows<{ hits: number; ttl_ms: number }>(
        db,
        sql`
          insert into rate_limit_hits as counter (key, hits, resets_at)
          values (${key}, 1, now() + ${window})
          on conflict (key) do update set
            hits = case when counter.resets_at <= now() then 1 else counter.hits + 1 end,
            resets_at = case when counter.resets_at <= now() then now() + ${window}
                        else counter.resets_at end
          returning hits, ceil(extract(epoch from resets_at - now()) * 1000)::float8 as ttl_ms`,
      );
      if (!row) throw new Error('The rate-limit counter returned no row');
      return { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl_ms)) };
    },
    close: () => Promise.resolve(),
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
  counter: HitCounter,
  digestKey: (key: string) => string,
): FastifyRateLimitStoreCtor {
  // Not `implements FastifyRateLimitStore`: its typings say `child` receives the route's options,
  // while the library passes the merged limit settings, which carry the route as `routeInfo`.
  class SharedStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(digestKey(`${this.prefix}${key}`), timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { routeInfo?: { method?: unknown; url?: unknown } }): SharedStore {
      const route = routeOptions.routeInfo ?? {};
      return new SharedStore(
        undefined,
        `${this.prefix}${String(route.method)}${String(route.url)}:`,
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
  const counter =
    backend.kind === 'redis'
      ? redisHitCounter(await connectRedis(backend.url, options.log))
      : postgresHitCounter(options.db);
  return {
    store: sharedRateLimitStore(reportingFailures(counter, options.log), (key) =>
      keyedDigest(secret, key),
    ),
    close: () => counter.close(),
  };
}

/** While the store is down, one log line a minute says so, not one per request. */
const FAILURE_REPORT_INTERVAL_MS = 60_000;

/**
 * The limiter lets a request through when its counter fails (`skipOnError`): a directory people
 * reach in a hard moment stays up while Redis or the counter table is unreachable. That must
 * not go unnoticed, so failures are logged, without the key.
 */
function reportingFailures(
  counter: HitCounter,
  log: { error(details: object, message: string): void },
): HitCounter {
  let lastReport = 0;
  return {
    async hit(key, windowMs) {
      try {
        return await counter.hit(key, windowMs);
      } catch (error) {
        if (Date.now() - lastReport >= FAILURE_REPORT_INTERVAL_MS) {
          lastReport = Date.now();
          const reason = error instanceof Error ? error.message : String(error);
          log.error(
            { reason },
            'Rate-limit store failed: requests pass unlimited until it recovers',
          );
        }
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
