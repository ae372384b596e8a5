import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithRedisUnreachable, type AppWithoutRedis } from '../testing/redis-unreachable';

/**
 * Issue 25: an instance could not start while Redis was down, although the same outage while
 * running was served with limits off. It now starts and says so; that it counts again once
 * Redis answers needs a real Redis, so it is tested in instances/redis-returns.test.ts.
 */

describe('REDIS_URL unreachable at start', () => {
  let instance: AppWithoutRedis;

  beforeAll(async () => {
    instance = await startWithRedisUnreachable();
  });
  afterAll(async () => {
    await instance?.testApp.close();
  });

  it('starts, says that rate limits are off, and answers', async () => {
    const { testApp, logged } = instance;
    expect(
      logged(
        'Could not connect to Redis at REDIS_URL: starting with rate limits off until it answers',
      ),
    ).toBe(true);
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const search = await testApp.app.inject({
      method: 'GET',
      url: '/api/HealthServices/search-new?postcode=BS1%204DJ',
    });
    expect(search.statusCode).toBeLessThan(500);
    // As while running: the failing store is reported (once a minute), and nothing is counted.
    expect(logged('Rate-limit store failed: requests pass unlimited until it recovers')).toBe(true);
    const again = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.headers['x-ratelimit-remaining']).toBe(health.headers['x-ratelimit-remaining']);
  });
});
