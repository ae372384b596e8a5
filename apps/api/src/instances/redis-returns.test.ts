import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithRedisUnreachable, type AppWithoutRedis } from '../testing/redis-unreachable';
import { until } from '../testing/server-process';

/**
 * Issue 25: an instance that started while Redis was down (plugins/redis-down.test.ts) counts
 * again once Redis answers. Tested against a real Redis (TEST_REDIS_URL, given by
 * `npm run test:postgres`) reached through a port that accepts nothing until the test opens it.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) {
  throw new Error(
    'This test needs TEST_REDIS_URL (a Redis server): run it with npm run test:postgres',
  );
}

describe('REDIS_URL unreachable at start, then back', () => {
  let instance: AppWithoutRedis;
  let proxy: net.Server | undefined;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    instance = await startWithRedisUnreachable();
  });
  afterAll(async () => {
    await instance?.testApp.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  });

  it('counts again once Redis answers', async () => {
    const { testApp, port, logged } = instance;
    const target = new URL(REDIS_URL);
    proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve));

    await until(
      () => logged('Redis at REDIS_URL answers: rate limits are counted again'),
      'Redis is back',
      10,
    );
    const first = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const second = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.statusCode).toBe(200);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(
      Number(first.headers['x-ratelimit-remaining']) - 1,
    );
  });
});
