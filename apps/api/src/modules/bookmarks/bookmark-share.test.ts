import { randomUUID } from 'node:crypto';
import * as routes from '@locals/contracts/routes/bookmark-share';
import * as bookmarkRoutes from '@locals/contracts/routes/bookmarks';
import { bookmarkShares } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CSRF_REFUSAL } from '../../plugins/csrf';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { aVisitor, signedInUser, type SignedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';

const LIST_GONE = 'This shared list is no longer available.';

describe('bookmark share links', () => {
  let now = new Date('2026-03-02T09:00:00.000Z');
  const aMinuteLater = () => {
    now = new Date(now.getTime() + 60_000);
    return now;
  };
  const testApp = useTestApp({ now: () => now, sleep: async () => {} });

  async function aFreshService(name: string) {
    const id = `ods:${randomUUID()}`;
    await insertServices(testApp.database, [aService({ id, name })]);
    return id;
  }
  const bookmark = async (person: SignedInUser, serviceId: string) => {
    aMinuteLater();
    const response = await person.call(bookmarkRoutes.addServiceBookmark, { body: { serviceId } });
    await checkReply(bookmarkRoutes.addServiceBookmark, response, 201);
  };
  const createShare = async (person: SignedInUser) => {
    const response = await person.call(routes.createBookmarkShare, {});
    const status = response.statusCode === 201 ? 201 : 200;
    const { share } = await checkReply(routes.createBookmarkShare, response, status);
    return { status, share: share! };
  };
  const shareOf = async (person: SignedInUser) => {
    const response = await person.call(routes.getBookmarkShare, {});
    return (await checkReply(routes.getBookmarkShare, response, 200)).share;
  };
  const revoke = (person: SignedInUser) => person.call(routes.revokeBookmarkShare, {});
  /** What anyone holding the link sees: no session, no CSRF header. */
  const openLink = (token: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/shared/bookmarks/${token}` });
  const servicesAt = async (token: string) =>
    (await checkReply(routes.getSharedBookmarks, await openLink(token), 200)).services;

  describe('GET /api/users/me/bookmark-share', () => {
    it('is null for someone who has never shared', async () => {
      const person = await signedInUser(testApp.app);

      expect(await shareOf(person)).toBeNull();
    });

    it('answers 401 when signed out', async () => {
      const response = await aVisitor(testApp.app).call(routes.getBookmarkShare, {});

      await checkReply(routes.getBookmarkShare, response, 401);
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

      const signedOut = await aVisitor(testApp.app).call(routes.createBookmarkShare, {});
      const forged = await testApp.app.inject({
        method: 'POST',
        url: routes.createBookmarkShare.path,
        remoteAddress: person.remoteAddress,
        headers: { cookie: person.cookie },
      });

      await checkReply(routes.createBookmarkShare, signedOut, 401);
      expect(await checkReply(routes.createBookmarkShare, forged, 403)).toEqual(CSRF_REFUSAL);
      expect(await shareOf(person)).toBeNull();
    });
  });

  describe('GET /api/shared/bookmarks/:token', () => {
    it("shows anyone the owner's bookmarked services, newest first, and nothing about the owner", async () => {
      const owner = await signedInUser(testApp.app, { firstName: 'Priya', lastName: 'Shah' });
      const pantry = await aFreshService('Bristol Pantry');
      const library = await aFreshService('Central Library');
      await bookmark(owner, pantry);
      await owner.call(bookmarkRoutes.addEventBookmark, { body: { eventId: 'private-event' } });
      await bookmark(owner, library);
      const { share } = await createShare(owner);

      const response = await openLink(share.token);

      const { services } = await checkReply(routes.getSharedBookmarks, response, 200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex');
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
      await owner.call(bookmarkRoutes.removeServiceBookmark, { params: { serviceId: first } });

      const services = await servicesAt(share.token);
      expect(services.map((service) => service.id)).toEqual([second]);
    });

    it.each([['never-issued-token'], ['x'.repeat(32)], ['%20']])(
      'answers 404 for the unknown token %j',
      async (token) => {
        const response = await openLink(token);

        expect(await checkReply(routes.getSharedBookmarks, response, 404)).toEqual({
          code: 'not_found',
          message: LIST_GONE,
        });
        expect(response.headers['cache-control']).toBe('no-store');
      },
    );
  });

  describe('DELETE /api/users/me/bookmark-share', () => {
    it('revokes the link at once; a new link is a different one', async () => {
      const owner = await signedInUser(testApp.app);
      await bookmark(owner, await aFreshService('Shared service'));
      const { share } = await createShare(owner);

      const revoked = await revoke(owner);
      const opened = await openLink(share.token);
      const afterwards = await shareOf(owner);
      const renewed = await createShare(owner);

      expect(await checkReply(routes.revokeBookmarkShare, revoked, 200)).toEqual({
        success: true,
        share: null,
      });
      expect((await checkReply(routes.getSharedBookmarks, opened, 404)).message).toBe(LIST_GONE);
      expect(afterwards).toBeNull();
      expect(renewed.status).toBe(201);
      expect(renewed.share.token).not.toBe(share.token);
      await checkReply(routes.getSharedBookmarks, await openLink(share.token), 404);
      expect(await servicesAt(renewed.share.token)).toHaveLength(1);
    });

    it('answers 200 when there is no link to revoke', async () => {
      const person = await signedInUser(testApp.app);

      const response = await revoke(person);

      expect(await checkReply(routes.revokeBookmarkShare, response, 200)).toEqual({
        success: true,
        share: null,
      });
    });

    it("revokes only the caller's own link, never someone else's", async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      const alices = await createShare(alice);

      expect(await shareOf(bob)).toBeNull();
      await checkReply(routes.revokeBookmarkShare, await revoke(bob), 200);

      expect(await servicesAt(alices.share.token)).toEqual([]);
      const rows = await testApp.database.db
        .select()
        .from(bookmarkShares)
        .where(eq(bookmarkShares.userId, alice.id));
      expect(rows).toHaveLength(1);
    });

    it('answers 401 when signed out', async () => {
      const response = await aVisitor(testApp.app).call(routes.revokeBookmarkShare, {});

      await checkReply(routes.revokeBookmarkShare, response, 401);
    });
  });
});
