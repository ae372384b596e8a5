import { randomUUID } from 'node:crypto';
import * as routes from '@locals/contracts/routes/bookmarks';
import { ServiceDetailResponseSchema } from '@locals/contracts/search';
import { bookmarks, events } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_REFUSAL } from '../../plugins/csrf';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { aSession, anEvent, idOfTestEvent, insertEvents } from '../../testing/event-fixtures';
import {
  anAddress,
  aVisitor,
  signedInUser,
  signedOutClient,
  type SignedInUser,
} from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';

const SERVICE_NOT_FOUND = 'We could not find that service. It may have been removed.';
const RATE_LIMITED = 'Too many requests. Please wait a minute and try again.';

describe('bookmarks', () => {
  let now = new Date('2026-03-02T09:00:00.000Z');
  const aMinuteLater = () => {
    now = new Date(now.getTime() + 60_000);
    return now;
  };
  let sam: SignedInUser;
  const testApp = useTestApp({ now: () => now, sleep: async () => {} });
  beforeAll(async () => {
    sam = await signedInUser(testApp.app, { firstName: 'Sam', lastName: 'Jones' });
  });

  /** A service of the test's own (its id has a colon, as NHS ids do), so no test sees another's. */
  async function aFreshService(overrides: { name?: string; provider?: string } = {}) {
    const id = `ods:${randomUUID()}`;
    await insertServices(testApp.database, [aService({ id, ...overrides })]);
    return id;
  }
  /** An event of the test's own, with one session a week after `now`. */
  async function aFreshEvent(overrides: { title?: string; startsAt?: string } = {}) {
    const sourceUid = randomUUID();
    const startsAt = overrides.startsAt ?? new Date(now.getTime() + 7 * 86_400_000).toISOString();
    await insertEvents(testApp.database, [
      anEvent({
        sourceUid,
        ...(overrides.title && { title: overrides.title }),
        occurrences: [aSession(startsAt)],
      }),
    ]);
    return idOfTestEvent(sourceUid);
  }
  const addService = (person: SignedInUser, serviceId: string) =>
    person.call(routes.addServiceBookmark, { body: { serviceId } });
  const removeService = (person: SignedInUser, serviceId: string) =>
    person.call(routes.removeServiceBookmark, { params: { serviceId } });
  const addEvent = (person: SignedInUser, eventId: string) =>
    person.call(routes.addEventBookmark, { body: { eventId } });
  const removeEvent = (person: SignedInUser, eventId: string) =>
    person.call(routes.removeEventBookmark, { params: { eventId } });
  const listOf = async (person: SignedInUser) => {
    const response = await person.call(routes.listBookmarks, {});
    return (await checkReply(routes.listBookmarks, response, 200)).bookmarks;
  };
  const rowsOf = (person: SignedInUser) =>
    testApp.database.db.select().from(bookmarks).where(eq(bookmarks.userId, person.id));

  describe('POST /api/bookmarks', () => {
    it('bookmarks a service (201), and adding it again is not an error (200)', async () => {
      const person = await signedInUser(testApp.app);
      const serviceId = await aFreshService();

      const first = await addService(person, serviceId);
      const again = await addService(person, serviceId);

      expect(await checkReply(routes.addServiceBookmark, first, 201)).toEqual({ success: true });
      expect(await checkReply(routes.addServiceBookmark, again, 200)).toEqual({ success: true });
      expect(await rowsOf(person)).toMatchObject([
        { userId: person.id, kind: 'service', serviceId, eventId: null },
      ]);
    });

    it('answers 404 for a service that is not in the directory', async () => {
      const response = await addService(sam, 'ods:no-such-service');

      expect(await checkReply(routes.addServiceBookmark, response, 404)).toEqual({
        code: 'not_found',
        message: SERVICE_NOT_FOUND,
      });
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

      expect(await checkReply(routes.addServiceBookmark, response, 400)).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { serviceId: [message] },
      });
    });

    it('answers 401 when signed out', async () => {
      const serviceId = await aFreshService();

      const response = await aVisitor(testApp.app).call(routes.addServiceBookmark, {
        body: { serviceId },
      });

      expect(await checkReply(routes.addServiceBookmark, response, 401)).toEqual({
        code: 'unauthenticated',
        message: 'Please sign in.',
      });
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

      expect(await checkReply(routes.addServiceBookmark, response, 403)).toEqual(CSRF_REFUSAL);
      expect(await rowsOf(person)).toEqual([]);
    });
  });

  describe('GET /api/users/bookmarks', () => {
    it('answers 401 when signed out', async () => {
      const response = await aVisitor(testApp.app).call(routes.listBookmarks, {});

      expect((await checkReply(routes.listBookmarks, response, 401)).message).toBe(
        'Please sign in.',
      );
    });

    it('is empty for someone who has bookmarked nothing', async () => {
      const person = await signedInUser(testApp.app);

      expect(await listOf(person)).toEqual([]);
    });

    it('lists services and events newest first, each in full', async () => {
      const person = await signedInUser(testApp.app);
      const pantry = await aFreshService({ name: 'Bristol Pantry', provider: 'Pantry Trust' });
      const library = await aFreshService({ name: 'Central Library' });
      const lunch = await aFreshEvent({ title: 'Community lunch' });
      const pantryAt = aMinuteLater();
      await checkReply(routes.addServiceBookmark, await addService(person, pantry), 201);
      const eventAt = aMinuteLater();
      await checkReply(routes.addEventBookmark, await addEvent(person, lunch), 201);
      const libraryAt = aMinuteLater();
      await checkReply(routes.addServiceBookmark, await addService(person, library), 201);

      const list = await listOf(person);

      expect(list.map(({ type, createdAt }) => [type, createdAt])).toEqual([
        ['service', libraryAt.toISOString()],
        ['event', eventAt.toISOString()],
        ['service', pantryAt.toISOString()],
      ]);
      expect(list[1]).toMatchObject({
        type: 'event',
        eventId: lunch,
        event: { id: lunch, title: 'Community lunch', passed: false },
      });
      expect(list[1]).toMatchObject({ event: { location: { venue: 'Test Hall' } } });
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

      expect(await checkReply(routes.removeServiceBookmark, removed, 200)).toEqual({
        success: true,
      });
      expect(await listOf(person)).toEqual([]);
      expect(await checkReply(routes.removeServiceBookmark, again, 200)).toEqual({
        success: true,
      });
    });

    it('answers 200 for a service that was never bookmarked or is not in the directory', async () => {
      const person = await signedInUser(testApp.app);

      const neverBookmarked = await removeService(person, await aFreshService());
      const notInDirectory = await removeService(person, 'ods:no-such-service');

      await checkReply(routes.removeServiceBookmark, neverBookmarked, 200);
      await checkReply(routes.removeServiceBookmark, notInDirectory, 200);
    });

    it('answers 401 when signed out, and 403 without the X-Requested-With header', async () => {
      const serviceId = await aFreshService();
      await addService(sam, serviceId);

      const signedOut = await aVisitor(testApp.app).call(routes.removeServiceBookmark, {
        params: { serviceId },
      });
      const forged = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/bookmarks/${encodeURIComponent(serviceId)}`,
        remoteAddress: sam.remoteAddress,
        headers: { cookie: sam.cookie },
      });

      await checkReply(routes.removeServiceBookmark, signedOut, 401);
      await checkReply(routes.removeServiceBookmark, forged, 403);
      expect(await listOf(sam)).toContainEqual(expect.objectContaining({ serviceId }));
    });
  });

  describe('event bookmarks', () => {
    it('adds an event (201, then 200 again) and removes it (200, then 200 again)', async () => {
      const person = await signedInUser(testApp.app);
      const eventId = await aFreshEvent();

      const added = await addEvent(person, eventId);
      const addedAgain = await addEvent(person, eventId);
      const listed = await listOf(person);
      const removed = await removeEvent(person, eventId);
      const again = await removeEvent(person, eventId);

      await checkReply(routes.addEventBookmark, added, 201);
      await checkReply(routes.addEventBookmark, addedAgain, 200);
      expect(listed).toMatchObject([{ type: 'event', eventId, event: { id: eventId } }]);
      expect(await checkReply(routes.removeEventBookmark, removed, 200)).toEqual({
        success: true,
      });
      await checkReply(routes.removeEventBookmark, again, 200);
      expect(await rowsOf(person)).toEqual([]);
    });

    it('answers 404 for an event Locals does not list, and stores nothing', async () => {
      const person = await signedInUser(testApp.app);

      const response = await addEvent(person, 'test-no-such-event');

      expect(await checkReply(routes.addEventBookmark, response, 404)).toMatchObject({
        message: 'We could not find that event. It may have been removed by its organiser.',
      });
      expect(await rowsOf(person)).toEqual([]);
    });

    // A bookmark is the person's own: it outlives the event's last session and its listing.
    it('keeps an event that has passed, and one its organiser no longer lists, saying so', async () => {
      const person = await signedInUser(testApp.app);
      // Its one session ended an hour ago (sessions are two hours long).
      const soon = await aFreshEvent({
        title: 'Soon over',
        startsAt: new Date(now.getTime() - 3 * 3_600_000).toISOString(),
      });
      const dropped = await aFreshEvent({ title: 'Dropped from the feed' });
      await addEvent(person, soon);
      aMinuteLater();
      await addEvent(person, dropped);
      await testApp.database.db.delete(events).where(eq(events.id, dropped));

      const list = await listOf(person);

      expect(list).toMatchObject([
        { eventId: dropped, event: null },
        { eventId: soon, event: { title: 'Soon over', passed: true } },
      ]);
    });

    it.each([
      [{}, 'eventId is required'],
      [{ eventId: ' ' }, 'eventId is required'],
      [{ eventId: 'e'.repeat(201) }, 'eventId must be 200 characters or fewer'],
    ])('answers 400 for %j: %s', async (payload, message) => {
      const response = await sam.send('POST', '/api/bookmarks/events', payload);

      expect(await checkReply(routes.addEventBookmark, response, 400)).toMatchObject({
        code: 'validation_error',
        message,
      });
    });

    it('answers 401 when signed out', async () => {
      const visitor = aVisitor(testApp.app);

      const add = await visitor.call(routes.addEventBookmark, { body: { eventId: 'e1' } });
      const remove = await visitor.call(routes.removeEventBookmark, { params: { eventId: 'e1' } });

      await checkReply(routes.addEventBookmark, add, 401);
      await checkReply(routes.removeEventBookmark, remove, 401);
    });
  });

  describe('another person', () => {
    // Bob's DELETE names his own bookmark of the service: it succeeds, and touches only his list.
    it("cannot see or remove someone else's bookmarks", async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      const serviceId = await aFreshService();
      await addService(alice, serviceId);
      const alicesEvent = await aFreshEvent();
      await addEvent(alice, alicesEvent);

      const bobsList = await listOf(bob);
      const bobRemovesService = await removeService(bob, serviceId);
      const bobRemovesEvent = await removeEvent(bob, alicesEvent);

      expect(bobsList).toEqual([]);
      await checkReply(routes.removeServiceBookmark, bobRemovesService, 200);
      await checkReply(routes.removeEventBookmark, bobRemovesEvent, 200);
      expect(await rowsOf(alice)).toHaveLength(2);
      expect(await listOf(alice)).toContainEqual(expect.objectContaining({ serviceId }));
    });

    it('bookmarks the same service independently of someone else', async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      const serviceId = await aFreshService();

      await checkReply(routes.addServiceBookmark, await addService(alice, serviceId), 201);
      await checkReply(routes.addServiceBookmark, await addService(bob, serviceId), 201);
      await checkReply(routes.removeServiceBookmark, await removeService(alice, serviceId), 200);

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
      expect(limited.headers['content-type']).toMatch(/^application\/json/);
      expect(await checkReply(routes.addServiceBookmark, limited, 429)).toEqual({
        code: 'rate_limited',
        message: RATE_LIMITED,
      });
      await checkReply(routes.addServiceBookmark, bobsWrite, 201);
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
