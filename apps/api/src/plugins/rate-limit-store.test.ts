import { createTestDatabase } from '@locals/db/test-db';
import type { Database } from '@locals/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchedHitCounter,
  postgresHitCounter,
  rateLimitBackend,
  sharedRateLimitStore,
  type HitCounter,
} from './rate-limit-store';

// The PostgreSQL counter runs on either engine (the same SQL); CI's second run uses a server.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('postgresHitCounter', () => {
  it('counts hits in one window and says how long is left', async () => {
    const counter = postgresHitCounter(database.db);
    const first = await counter.hit('a', 60_000);
    const second = await counter.hit('a', 60_000);
    const other = await counter.hit('b', 60_000);
    await counter.close();

    expect(first.current).toBe(1);
    expect(second.current).toBe(2);
    expect(other.current).toBe(1);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
  });

  it('starts a new window once the last one has ended', async () => {
    const counter = postgresHitCounter(database.db);
    await counter.hit('short', 200);
    await counter.hit('short', 200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await counter.hit('short', 200);
    await counter.close();

    expect(next.current).toBe(1);
  });

  it('never gives two concurrent hits the same count, whichever instance makes them', async () => {
    // Two counters on one database stand for two instances.
    const instances = [postgresHitCounter(database.db), postgresHitCounter(database.db)];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) => instances[index % 2]!.hit('together', 60_000)),
    );
    await Promise.all(instances.map((counter) => counter.close()));

    const counts = results.map((result) => result.current).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });
});

describe('batchedHitCounter (issue 31)', () => {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("counts this instance's hits at once and sends them in one statement an interval", async () => {
    const sent: { key: string; hits: number }[][] = [];
    const counter = batchedHitCounter(
      (hits) => {
        sent.push(hits.map(({ key, hits: count }) => ({ key, hits: count })));
        return Promise.resolve(hits.map(({ hits: count }) => ({ current: count, ttl: 60_000 })));
      },
      { intervalMs: 50, onError: () => {} },
    );
    const counts: number[] = [];
    for (let hit = 0; hit < 40; hit += 1) counts.push((await counter.hit('a', 60_000)).current);
    await counter.hit('b', 60_000);
    await counter.close();

    expect(counts).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(sent).toEqual([
      [
        { key: 'a', hits: 40 },
        { key: 'b', hits: 1 },
      ],
    ]);
  });

  it("counts another instance's hits once they are sent", async () => {
    const shared = postgresHitCounter(database.db);
    const instances = [0, 1].map(() =>
      batchedHitCounter(shared.hitMany, {
        intervalMs: 20,
        onError: (error) => {
          throw error;
        },
      }),
    ) as [HitCounter, HitCounter];
    for (let hit = 0; hit < 5; hit += 1) await instances[0].hit('shared', 60_000);
    await wait(100);
    expect((await instances[1].hit('shared', 60_000)).current).toBe(1); // not yet heard of
    await wait(100);
    // The second instance's hit was sent, and the answer held the first's five.
    expect((await instances[1].hit('shared', 60_000)).current).toBe(7);
    await Promise.all(instances.map((counter) => counter.close()));
    expect((await shared.hit('shared', 60_000)).current).toBe(8);
  });

  it('lets requests through and says so when the hits cannot be sent', async () => {
    const errors: unknown[] = [];
    const counter = batchedHitCounter(() => Promise.reject(new Error('connection refused')), {
      intervalMs: 10,
      onError: (error) => errors.push(error),
    });
    expect((await counter.hit('a', 60_000)).current).toBe(1);
    await wait(50);
    expect((await counter.hit('a', 60_000)).current).toBe(1);
    await counter.close();
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'connection refused',
      'connection refused',
    ]);
  });
});

describe('sharedRateLimitStore', () => {
  it('counts the limit on every request with one counter, and each route with the other', async () => {
    const counted = (name: string, seen: string[]): HitCounter => ({
      hit: () => {
        seen.push(name);
        return Promise.resolve({ current: 1, ttl: 1000 });
      },
      close: async () => {},
    });
    const seen: string[] = [];
    const Store = sharedRateLimitStore(
      { everyRequest: counted('every', seen), route: counted('route', seen) },
      (key) => key,
    );
    const root = new Store({});
    const route = root.child({ routeInfo: { method: 'POST', url: '/api/notes' } } as never);
    const hit = (store: typeof root) =>
      new Promise<void>((resolve) => store.incr('10.0.0.1', () => resolve(), 1000, 10));
    await hit(root);
    await hit(route);
    expect(seen).toEqual(['every', 'route']);
  });

  it('keeps each route apart and stores only digests of the keys', async () => {
    const seen: string[] = [];
    const counter = {
      hit: (key: string) => {
        seen.push(key);
        return Promise.resolve({ current: seen.filter((k) => k === key).length, ttl: 1000 });
      },
      close: async () => {},
    };
    const Store = sharedRateLimitStore(
      { everyRequest: counter, route: counter },
      (key) => `digest(${key})`,
    );
    const root = new Store({});
    const register = root.child({
      routeInfo: { method: 'POST', url: '/api/auth/register' },
    } as never);
    const newsletter = root.child({
      routeInfo: { method: 'POST', url: '/api/newsletter' },
    } as never);
    const hit = (store: typeof root, key: string) =>
      new Promise<number>((resolve, reject) =>
        store.incr(
          key,
          (error, result) => (error ? reject(error) : resolve(result!.current)),
          1000,
          10,
        ),
      );

    expect(await hit(register, '10.0.0.1')).toBe(1);
    expect(await hit(register, '10.0.0.1')).toBe(2);
    expect(await hit(newsletter, '10.0.0.1')).toBe(1);
    expect(await hit(root, '10.0.0.1')).toBe(1);
    expect(seen.every((key) => key.startsWith('digest('))).toBe(true);
  });

  it('passes a failed count to the limiter as an error', async () => {
    const failing = {
      hit: () => Promise.reject(new Error('connection refused')),
      close: async () => {},
    };
    const Store = sharedRateLimitStore({ everyRequest: failing, route: failing }, (key) => key);
    const error = await new Promise<Error | null>((resolve) =>
      new Store({}).incr('10.0.0.1', (failure) => resolve(failure), 1000, 10),
    );
    expect(error?.message).toBe('connection refused');
  });
});

describe('rateLimitBackend', () => {
  it('shares counters whenever instances can share them, and keeps them in memory otherwise', () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    expect(rateLimitBackend({ redisUrl: undefined, databaseKind: 'pglite' })).toEqual({
      kind: 'memory',
    });
    expect(rateLimitBackend({ redisUrl: undefined, databaseKind: 'postgres' })).toEqual({
      kind: 'postgres',
    });
    expect(rateLimitBackend({ redisUrl, databaseKind: 'postgres' })).toEqual({
      kind: 'redis',
      url: redisUrl,
    });
    expect(rateLimitBackend({ redisUrl, databaseKind: 'pglite' })).toEqual({
      kind: 'redis',
      url: redisUrl,
    });
  });
});
