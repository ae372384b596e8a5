import { randomUUID } from 'node:crypto';
import { BookmarksResponseSchema } from '@locals/contracts/bookmarks';
import { SuccessResponseSchema } from '@locals/contracts/engagement-common';
import { ApiErrorSchema } from '@locals/contracts/errors';
import { ServiceDetailResponseSchema } from '@locals/contracts/search';
import { bookmarks } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_REFUSAL } from '../../plugins/csrf';
import { aService, insertServices } from '../../testing/directory-fixtures';
import {
  anAddress,
  signedInUser,
  signedOutClient,
  type SignedInUser,
} from '../../testing/signed-in';
import { createTestApp } from '../../testing/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SERVICE_NOT_FOUND = 'We could not find that service. It may have been removed.';
const RATE_LIMITED = 'Too many requests. Please wait a minute and try again.';

describe('bookmarks', () => {
  let testApp: TestApp;
  let now = new Date('2026-03-02T09:00:00.000Z');
  const aMinuteLater = () => {
    now = new Date(now.getTime() + 60_000);
    return now;
  };
  let sam: SignedInUser;
  beforeAll(async () => {
    testApp = await createTestApp({ now: () => now, sleep: async () => {} });
    sam = await signedInUser(testApp.app, { firstName: 'Sam', lastName: 'Jones' });
  });
  afterAll(async () => testApp.close());

  /** A service of the test's own (its id has a colon, as NHS ids do), so no test sees another's. */
  async function aFreshService(overrides: { name?: string; provider?: string } = {}) {
    const id = `ods:${randomUUID()}`;
    await insertServices(testApp.database, [aService({ id, ...overrides })]);
    return id;
  }
  const addService = (person: SignedInUser, serviceId: string) =>
    person.send('POST', '/api/bookmarks', { serviceId });
  const removeService = (person: SignedInUser, serviceId: string) =>
    person.send('DELETE', `/api/bookmarks/${encodeURIComponent(serviceId)}`);
  const addEvent = (person: SignedInUser, eventId: string) =>
    person.send('POST', '/api/bookmarks/events', { eventId });
  const removeEvent = (person: SignedInUser, eventId: string) =>
    person.send('DELETE', `/api/bookmarks/events/${encodeURIComponent(eventId)}`);
  const listOf = async (person: SignedInUser) => {
    const response = await person.send('GET', '/api/users/bookmarks');
    expect(response.statusCode).toBe(200);
    return BookmarksResponseSchema.parse(response.json()).bookmarks;
  };
  const rowsOf = (person: SignedInUser) =>
    testApp.database.db.select().from(bookmarks).where(eq(bookmarks.userId, person.id));
  const errorOf = (response: { json: () => unknown }) => ApiErrorSchema.parse(response.json());

  describe('POST /api/bookmarks', () => {
    it('bookmarks a service (201), and adding it again is not an error (200)', async () => {
      const person = await signedInUser(testApp.app);
      const serviceId = await aFreshService();

      const first = await addService(person, serviceId);
      const again = await addService(person, serviceId);

      expect(first.statusCode).toBe(201);
      expect(SuccessResponseSchema.parse(first.json())).toEqual({ success: true });
      expect(again.statusCode).toBe(200);
      expect(SuccessResponseSchema.parse(again.json())).toEqual({ success: true });
      expect(await rowsOf(person)).toMatchObject([
        { userId: person.id, kind: 'service', serviceId, eventId: null },
      ]);
    });

    it('answers 404 for a service that is not in the directory', async () => {
      const response = await addService(sam, 'ods:no-such-service');

      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: SERVICE_NOT_FOUND });
    });

    it.each([
      [{}, 'serviceId is required'],
      [{ serviceId: '   ' }, 'serviceId is required'],
      [{ serviceId: null }, 'serviceId is required'],
      [{ serviceId: 42 }, 'serviceId must be text'],
      [{ serviceId: ['ods:A1'] }, 'serviceId must be text'],
      [{ serviceId: 'x'.repeat(201) }, 'serviceId must be 200 characters or fewer'],
    ])('answers 400 for %j: %s', async (payload, message) => {
      const response = await sam.send('POST', '/api/bookmarks', payload);

      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { serviceId: [message] },
      });
    });

    it('answers 401 when signed out', async () => {
      const serviceId = await aFreshService();

      const response = await signedOutClient(testApp.app)('POST', '/api/bookmarks', { serviceId });

      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ code: 'unauthenticated', message: 'Please sign in.' });
    });

    it('refuses (403) a request without the X-Requested-With header, storing nothing', async () => {
      const person = await signedInUser(testApp.app);
      const serviceId = await aFreshService();

      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/bookmarks',
        remoteAddress: person.remoteAddress,
        headers: { cookie: person.cookie },
        payload: { serviceId },
      });

      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual(CSRF_REFUSAL);
      expect(await rowsOf(person)).toEqual([]);
    });
  });

  describe('GET /api/users/bookmarks', () => {
    it('answers 401 when signed out', async () => {
      const response = await signedOutClient(testApp.app)('GET', '/api/users/bookmarks');

      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe('Please sign in.');
    });

    it('is empty for someone who has bookmarked nothing', async () => {
      const person = await signedInUser(testApp.app);

      expect(await listOf(person)).toEqual([]);
    });

    it('lists services and events newest first, each service in full', async () => {
      const person = await signedInUser(testApp.app);
      const pantry = await aFreshService({ name: 'Bristol Pantry', provider: 'Pantry Trust' });
      const library = await aFreshService({ name: 'Central Library' });
      const pantryAt = aMinuteLater();
      expect((await addService(person, pantry)).statusCode).toBe(201);
      const eventAt = aMinuteLater();
      expect((await addEvent(person, 'event-42')).statusCode).toBe(201);
      const libraryAt = aMinuteLater();
      expect((await addService(person, library)).statusCode).toBe(201);

      const list = await listOf(person);

      expect(list.map(({ type, createdAt }) => [type, createdAt])).toEqual([
        ['service', libraryAt.toISOString()],
        ['event', eventAt.toISOString()],
        ['service', pantryAt.toISOString()],
      ]);
      expect(list[1]).toMatchObject({ type: 'event', eventId: 'event-42', event: null });
      const detail = await sam.send('GET', `/api/services/${encodeURIComponent(pantry)}`);
      expect(list[2]).toMatchObject({
        type: 'service',
        serviceId: pantry,
        service: ServiceDetailResponseSchema.parse(detail.json()).data,
      });
      expect(list[2]).toMatchObject({
        service: { name: 'Bristol Pantry', provider: 'Pantry Trust', distance: null },
      });
    });
  });

  describe('DELETE /api/bookmarks/:serviceId', () => {
    // A retried DELETE whose first answer was lost must not show a failure for a done removal.
    it('removes the bookmark; removing it again (a retry) also answers 200', async () => {
      const person = await signedInUser(testApp.app);
      const serviceId = await aFreshService();
      await addService(person, serviceId);

      const removed = await removeService(person, serviceId);
      const again = await removeService(person, serviceId);

      expect(removed.statusCode).toBe(200);
      expect(SuccessResponseSchema.parse(removed.json())).toEqual({ success: true });
      expect(await listOf(person)).toEqual([]);
      expect(again.statusCode).toBe(200);
      expect(SuccessResponseSchema.parse(again.json())).toEqual({ success: true });
    });

    it('answers 200 for a service that was never bookmarked or is not in the directory', async () => {
      const person = await signedInUser(testApp.app);

      const responses = [
        await removeService(person, await aFreshService()),
        await removeService(person, 'ods:no-such-service'),
      ];

      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    });

    it('answers 401 when signed out, and 403 without the X-Requested-With header', async () => {
      const serviceId = await aFreshService();
      await addService(sam, serviceId);
      const url = `/api/bookmarks/${encodeURIComponent(serviceId)}`;

      const signedOut = await signedOutClient(testApp.app)('DELETE', url);
      const forged = await testApp.app.inject({
        method: 'DELETE',
        url,
        remoteAddress: sam.remoteAddress,
        headers: { cookie: sam.cookie },
      });

      expect(signedOut.statusCode).toBe(401);
      expect(forged.statusCode).toBe(403);
      expect(await listOf(sam)).toContainEqual(expect.objectContaining({ serviceId }));
    });
  });

  describe('event bookmarks', () => {
    it('adds an event (201, then 200 again) and removes it (200, then 200 again)', async () => {
      const person = await signedInUser(testApp.app);
      const eventId = `event-${randomUUID()}`;

      const statuses = [
        (await addEvent(person, eventId)).statusCode,
        (await addEvent(person, eventId)).statusCode,
      ];
      const listed = await listOf(person);
      const removed = await removeEvent(person, eventId);
      const again = await removeEvent(person, eventId);

      expect(statuses).toEqual([201, 200]);
      expect(listed).toMatchObject([{ type: 'event', eventId, event: null }]);
      expect(removed.statusCode).toBe(200);
      expect(SuccessResponseSchema.parse(removed.json())).toEqual({ success: true });
      expect(again.statusCode).toBe(200);
      expect(await rowsOf(person)).toEqual([]);
    });

    it.each([
      [{}, 'eventId is required'],
      [{ eventId: ' ' }, 'eventId is required'],
      [{ eventId: 'e'.repeat(201) }, 'eventId must be 200 characters or fewer'],
    ])('answers 400 for %j: %s', async (payload, message) => {
      const response = await sam.send('POST', '/api/bookmarks/events', payload);

      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'validation_error', message });
    });

    it('answers 401 when signed out', async () => {
      const send = signedOutClient(testApp.app);

      expect((await send('POST', '/api/bookmarks/events', { eventId: 'e1' })).statusCode).toBe(401);
      expect((await send('DELETE', '/api/bookmarks/events/e1')).statusCode).toBe(401);
    });
  });

  describe('another person', () => {
    // Bob's DELETE names his own bookmark of the service: it succeeds, and touches only his list.
    it("cannot see or remove someone else's bookmarks", async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      const serviceId = await aFreshService();
      await addService(alice, serviceId);
      await addEvent(alice, 'alices-event');

      const bobsList = await listOf(bob);
      const bobRemovesService = await removeService(bob, serviceId);
      const bobRemovesEvent = await removeEvent(bob, 'alices-event');

      expect(bobsList).toEqual([]);
      expect(bobRemovesService.statusCode).toBe(200);
      expect(bobRemovesEvent.statusCode).toBe(200);
      expect(await rowsOf(alice)).toHaveLength(2);
      expect(await listOf(alice)).toContainEqual(expect.objectContaining({ serviceId }));
    });

    it('bookmarks the same service independently of someone else', async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      const serviceId = await aFreshService();

      expect((await addService(alice, serviceId)).statusCode).toBe(201);
      expect((await addService(bob, serviceId)).statusCode).toBe(201);
      expect((await removeService(alice, serviceId)).statusCode).toBe(200);

      expect(await listOf(alice)).toEqual([]);
      expect(await listOf(bob)).toMatchObject([{ type: 'service', serviceId }]);
    });
  });

  describe('rate limit', () => {
    it('answers 429 after 60 writes a minute, without affecting someone on the same IP', async () => {
      const sharedAddress = anAddress();
      const alice = await signedInUser(testApp.app, { remoteAddress: sharedAddress });
      const bob = await signedInUser(testApp.app, { remoteAddress: sharedAddress });
      const serviceId = await aFreshService();

      const statuses = new Set<number>();
      for (let write = 0; write < 60; write += 1) {
        statuses.add((await addService(alice, serviceId)).statusCode);
      }
      const limited = await addService(alice, serviceId);
      const bobsWrite = await addService(bob, serviceId);

      expect([...statuses]).toEqual([201, 200]);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(limited)).toEqual({ code: 'rate_limited', message: RATE_LIMITED });
      expect(bobsWrite.statusCode).toBe(201);
    });
  });

  it('documents every bookmark route in the OpenAPI document', async () => {
    const response = await signedOutClient(testApp.app)('GET', '/api/docs/json');

    const paths = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>()
      .paths;
    const routes = [
      ['/api/users/bookmarks', 'get'],
      ['/api/bookmarks', 'post'],
      ['/api/bookmarks/{serviceId}', 'delete'],
      ['/api/bookmarks/events', 'post'],
      ['/api/bookmarks/events/{eventId}', 'delete'],
      ['/api/users/me/bookmark-share', 'get'],
      ['/api/users/me/bookmark-share', 'post'],
      ['/api/users/me/bookmark-share', 'delete'],
      ['/api/shared/bookmarks/{token}', 'get'],
    ] as const;
    for (const [path, method] of routes) {
      expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['bookmarks']);
    }
  });
});
