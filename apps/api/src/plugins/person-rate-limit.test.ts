import { randomUUID } from 'node:crypto';
import { ApiErrorSchema } from '@locals/contracts/errors';
import { describe, expect, it } from 'vitest';
import { aService, insertServices } from '../testing/directory-fixtures';
import { signedInUser, signedOutClient } from '../testing/signed-in';
import { useTestApp } from '../testing/test-app';
import { GLOBAL_RATE_LIMIT } from './security';

type Method = 'POST' | 'PUT' | 'DELETE';

const RATE_LIMITED = {
  code: 'rate_limited',
  message: 'Too many requests. Please wait a minute and try again.',
};

type Write = {
  name: string;
  method: Method;
  url: (serviceId: string) => string;
  body: (serviceId: string) => object | undefined;
};

/** Signed-in writes, each with a request that succeeds for a signed-in person. */
const WRITES: Write[] = [
  {
    name: 'POST /api/bookmarks',
    method: 'POST',
    url: () => '/api/bookmarks',
    body: (serviceId) => ({ serviceId }),
  },
  {
    name: 'POST /api/notes',
    method: 'POST',
    url: () => '/api/notes',
    body: (serviceId) => ({ serviceId, noteText: 'Open on Tuesdays' }),
  },
  {
    name: 'POST /api/reviews',
    method: 'POST',
    url: () => '/api/reviews',
    body: (serviceId) => ({ serviceId, rating: 4, reviewText: 'Kind and quick.' }),
  },
  {
    name: 'POST /api/suggestions',
    method: 'POST',
    url: () => '/api/suggestions',
    body: (serviceId) => ({ serviceId, suggestionText: 'Please list your opening hours.' }),
  },
  {
    name: 'PUT /api/services/{id}/vote',
    method: 'PUT',
    url: (serviceId) => `/api/services/${encodeURIComponent(serviceId)}/vote`,
    body: () => ({ voteType: 'up' }),
  },
  {
    name: 'POST /api/users/me/bookmark-share',
    method: 'POST',
    url: () => '/api/users/me/bookmark-share',
    body: () => undefined,
  },
];

describe('rate limits on signed-in writes', () => {
  const testApp = useTestApp({ sleep: async () => {} });

  async function aFreshService() {
    const id = `ods:${randomUUID()}`;
    await insertServices(testApp.database, [aService({ id })]);
    return id;
  }

  it.each(WRITES)(
    'limits signed-out $name per IP, without affecting a signed-in person elsewhere',
    async ({ method, url, body }) => {
      const serviceId = await aFreshService();
      const flood = signedOutClient(testApp.app);
      const person = await signedInUser(testApp.app);

      const statuses: number[] = [];
      for (let request = 0; request < GLOBAL_RATE_LIMIT.max; request += 1) {
        statuses.push((await flood(method, url(serviceId), body(serviceId))).statusCode);
      }
      const limited = await flood(method, url(serviceId), body(serviceId));
      const personsWrite = await person.send(method, url(serviceId), body(serviceId));

      expect(new Set(statuses)).toEqual(new Set([401]));
      expect(limited.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(limited.json())).toEqual(RATE_LIMITED);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(personsWrite.statusCode).toBeGreaterThanOrEqual(200);
      expect(personsWrite.statusCode).toBeLessThan(300);
    },
  );

  it('still limits a signed-in person by their own allowance, not their IP', async () => {
    const serviceId = await aFreshService();
    const sharedAddress = `10.200.${Math.floor(Math.random() * 250)}.1`;
    const alice = await signedInUser(testApp.app, { remoteAddress: sharedAddress });
    const bob = await signedInUser(testApp.app, { remoteAddress: sharedAddress });

    const statuses = new Set<number>();
    let limited = await alice.send('POST', '/api/bookmarks', { serviceId });
    for (let write = 0; write < GLOBAL_RATE_LIMIT.max && limited.statusCode !== 429; write += 1) {
      statuses.add(limited.statusCode);
      limited = await alice.send('POST', '/api/bookmarks', { serviceId });
    }
    const bobsWrite = await bob.send('POST', '/api/bookmarks', { serviceId });

    expect([...statuses]).toEqual([201, 200]);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(bobsWrite.statusCode).toBe(201);
  });
});
