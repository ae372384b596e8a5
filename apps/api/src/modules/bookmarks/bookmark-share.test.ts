import { randomUUID } from 'node:crypto';
import {
  BookmarkShareSchema,
  RevokeBookmarkShareResponseSchema,
  SharedBookmarksResponseSchema,
} from '@locals/contracts/bookmarks';
import { ApiErrorSchema } from '@locals/contracts/errors';
import { bookmarkShares } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_REFUSAL } from '../../plugins/csrf';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { signedInUser, signedOutClient, type SignedInUser } from '../../testing/signed-in';
import { createTestApp } from '../../testing/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SHARE_PATH = '/api/users/me/bookmark-share';
const LIST_GONE = 'This shared list is no longer available.';

describe('bookmark share links', () => {
  let testApp: TestApp;
  let now = new Date('2026-03-02T09:00:00.000Z');
  const aMinuteLater = () => {
    now = new Date(now.getTime() + 60_000);
    return now;
  };
  beforeAll(async () => {
    testApp = await createTestApp({ now: () => now, sleep: async () => {} });
  });
  afterAll(async () => testApp.close());

  async function aFreshService(name: string) {
    const id = `ods:${randomUUID()}`;
    await insertServices(testApp.database, [aService({ id, name })]);
    return id;
  }
  const bookmark = async (person: SignedInUser, serviceId: string) => {
    aMinuteLater();
    expect((await person.send('POST', '/api/bookmarks', { serviceId })).statusCode).toBe(201);
  };
  const createShare = async (person: SignedInUser) => {
    const response = await person.send('POST', SHARE_PATH);
    expect([200, 201]).toContain(response.statusCode);
    return {
      status: response.statusCode,
      share: BookmarkShareSchema.parse(response.json()).share!,
    };
  };
  const shareOf = async (person: SignedInUser) => {
    const response = await person.send('GET', SHARE_PATH);
    expect(response.statusCode).toBe(200);
    return BookmarkShareSchema.parse(response.json()).share;
  };
  /** What anyone holding the link sees: no session, no CSRF header. */
  const openLink = (token: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/shared/bookmarks/${token}` });

  describe('GET /api/users/me/bookmark-share', () => {
    it('is null for someone who has never shared', async () => {
      const person = await signedInUser(testApp.app);

      expect(await shareOf(person)).toBeNull();
    });

    it('answers 401 when signed out', async () => {
      const response = await signedOutClient(testApp.app)('GET', SHARE_PATH);

      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/users/me/bookmark-share', () => {
    it('creates one unguessable link (201), then returns the same one (200)', async () => {
      const person = await signedInUser(testApp.app);
      const createdAt = aMinuteLater();

      const first = await createShare(person);
      aMinuteLater();
      const again = await createShare(person);

      expect(first.status).toBe(201);
      expect(first.share.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(first.share).toEqual({
        token: first.share.token,
        url: `http://localhost:3000/shared/bookmarks/${first.share.token}`,
        createdAt: createdAt.toISOString(),
      });
      expect(again).toEqual({ status: 200, share: first.share });
      expect(await shareOf(person)).toEqual(first.share);
    });

    it('gives each person their own link', async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);

      const alices = await createShare(alice);
      const bobs = await createShare(bob);

      expect(bobs.share.token).not.toBe(alices.share.token);
    });

    it('answers 401 when signed out, and 403 without the X-Requested-With header', async () => {
      const person = await signedInUser(testApp.app);

      const signedOut = await signedOutClient(testApp.app)('POST', SHARE_PATH);
      const forged = await testApp.app.inject({
        method: 'POST',
        url: SHARE_PATH,
        remoteAddress: person.remoteAddress,
        headers: { cookie: person.cookie },
      });

      expect(signedOut.statusCode).toBe(401);
      expect(forged.statusCode).toBe(403);
      expect(ApiErrorSchema.parse(forged.json())).toEqual(CSRF_REFUSAL);
      expect(await shareOf(person)).toBeNull();
    });
  });

  describe('GET /api/shared/bookmarks/:token', () => {
    it("shows anyone the owner's bookmarked services, newest first, and nothing about the owner", async () => {
      const owner = await signedInUser(testApp.app, { firstName: 'Priya', lastName: 'Shah' });
      const pantry = await aFreshService('Bristol Pantry');
      const library = await aFreshService('Central Library');
      await bookmark(owner, pantry);
      await owner.send('POST', '/api/bookmarks/events', { eventId: 'private-event' });
      await bookmark(owner, library);
      const { share } = await createShare(owner);

      const response = await openLink(share.token);

      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      const { services } = SharedBookmarksResponseSchema.parse(response.json());
      expect(services.map((service) => [service.id, service.name])).toEqual([
        [library, 'Central Library'],
        [pantry, 'Bristol Pantry'],
      ]);
      expect(services[0]).toMatchObject({ distance: null, distanceMiles: null });
      expect(Object.keys(response.json<object>())).toEqual(['services']);
      for (const secret of [owner.id, owner.email, 'Priya', 'Shah', 'private-event']) {
        expect(response.body).not.toContain(secret);
      }
    });

    it('is live: a bookmark added or removed after sharing shows at once', async () => {
      const owner = await signedInUser(testApp.app);
      const first = await aFreshService('First');
      const second = await aFreshService('Second');
      await bookmark(owner, first);
      const { share } = await createShare(owner);

      await bookmark(owner, second);
      await owner.send('DELETE', `/api/bookmarks/${encodeURIComponent(first)}`);

      const { services } = SharedBookmarksResponseSchema.parse(
        (await openLink(share.token)).json(),
      );
      expect(services.map((service) => service.id)).toEqual([second]);
    });

    it.each([['never-issued-token'], ['x'.repeat(32)], ['%20']])(
      'answers 404 for the unknown token %j',
      async (token) => {
        const response = await openLink(token);

        expect(response.statusCode).toBe(404);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(ApiErrorSchema.parse(response.json())).toEqual({
          code: 'not_found',
          message: LIST_GONE,
        });
      },
    );
  });

  describe('DELETE /api/users/me/bookmark-share', () => {
    it('revokes the link at once; a new link is a different one', async () => {
      const owner = await signedInUser(testApp.app);
      await bookmark(owner, await aFreshService('Shared service'));
      const { share } = await createShare(owner);

      const revoked = await owner.send('DELETE', SHARE_PATH);
      const opened = await openLink(share.token);
      const afterwards = await shareOf(owner);
      const renewed = await createShare(owner);

      expect(revoked.statusCode).toBe(200);
      expect(RevokeBookmarkShareResponseSchema.parse(revoked.json())).toEqual({
        success: true,
        share: null,
      });
      expect(opened.statusCode).toBe(404);
      expect(ApiErrorSchema.parse(opened.json()).message).toBe(LIST_GONE);
      expect(afterwards).toBeNull();
      expect(renewed.status).toBe(201);
      expect(renewed.share.token).not.toBe(share.token);
      expect((await openLink(share.token)).statusCode).toBe(404);
      expect((await openLink(renewed.share.token)).statusCode).toBe(200);
    });

    it('answers 200 when there is no link to revoke', async () => {
      const person = await signedInUser(testApp.app);

      const response = await person.send('DELETE', SHARE_PATH);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, share: null });
    });

    it("revokes only the caller's own link, never someone else's", async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      const alices = await createShare(alice);

      expect(await shareOf(bob)).toBeNull();
      expect((await bob.send('DELETE', SHARE_PATH)).statusCode).toBe(200);

      expect((await openLink(alices.share.token)).statusCode).toBe(200);
      const rows = await testApp.database.db
        .select()
        .from(bookmarkShares)
        .where(eq(bookmarkShares.userId, alice.id));
      expect(rows).toHaveLength(1);
    });

    it('answers 401 when signed out', async () => {
      const response = await signedOutClient(testApp.app)('DELETE', SHARE_PATH);

      expect(response.statusCode).toBe(401);
    });
  });
});
