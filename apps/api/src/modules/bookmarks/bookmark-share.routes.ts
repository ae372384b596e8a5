import {
  BookmarkShareSchema,
  RevokeBookmarkShareResponseSchema,
  SharedBookmarksResponseSchema,
  type BookmarkShare,
} from '@locals/contracts/bookmarks';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { createServicesRepository } from '../services/services.repository';
import { createBookmarkSharesRepository, type StoredShare } from './bookmark-shares.repository';
import { createBookmarksRepository } from './bookmarks.repository';

export const SHARED_LIST_GONE = 'This shared list is no longer available.';
export const SHARE_WRITES_PER_MINUTE = 10;

const SHARE_PATH = '/api/users/me/bookmark-share';
// Any string: a token that was never issued is answered like a revoked one (404), not 400.
const SharedListParamsSchema = z.object({ token: z.string() });

/** A person's read-only link to their bookmarked services, and the public list it opens. */
export const bookmarkShareRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const shares = createBookmarkSharesRepository(app.database.db);
  const bookmarks = createBookmarksRepository(app.database.db);
  const directory = createServicesRepository(app.database.db);
  const writeLimit = perPersonRateLimit(SHARE_WRITES_PER_MINUTE);
  const toWire = (share: StoredShare | null): BookmarkShare => ({
    share: share && {
      token: share.token,
      url: `${app.config.publicUrl}/shared/bookmarks/${share.token}`,
      createdAt: share.createdAt.toISOString(),
    },
  });

  app.get(
    SHARE_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['bookmarks'],
        summary:
          'Your read-only link to your bookmarked services, or null when you are not sharing',
        response: { 200: BookmarkShareSchema, ...errorResponses(401, 429, 500) },
      },
    },
    async (request, reply) => {
      // The token is a secret: keep it out of shared caches.
      void reply.header('cache-control', 'no-store');
      return toWire(await shares.findByOwner(request.user!.id));
    },
  );

  app.post(
    SHARE_PATH,
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['bookmarks'],
        summary: 'Create your share link (201), or get the one you have (200)',
        description:
          'One link per person; it shows your bookmarked services live, never who you are.',
        response: {
          200: BookmarkShareSchema,
          201: BookmarkShareSchema,
          ...errorResponses(401, 403, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const { share, isNew } = await shares.create(request.user!.id, app.now());
      return reply
        .code(isNew ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(toWire(share));
    },
  );

  app.delete(
    SHARE_PATH,
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['bookmarks'],
        summary: 'Revoke your share link: it stops working at once',
        description: 'Idempotent: revoking when there is no link also answers 200.',
        response: { 200: RevokeBookmarkShareResponseSchema, ...errorResponses(401, 403, 429, 500) },
      },
    },
    async (request) => {
      await shares.revoke(request.user!.id);
      return { success: true as const, share: null };
    },
  );

  app.get(
    '/api/shared/bookmarks/:token',
    {
      schema: {
        tags: ['bookmarks'],
        summary:
          "Someone's shared list: their bookmarked services, newest first, and nothing about them",
        params: SharedListParamsSchema,
        response: { 200: SharedBookmarksResponseSchema, ...errorResponses(404, 429, 500) },
      },
    },
    async (request, reply) => {
      // Live and private to whoever holds the link: never cached, never indexed.
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const owner = await shares.ownerOf(request.params.token);
      if (!owner) return reply.code(404).send({ code: 'not_found', message: SHARED_LIST_GONE });
      const services = await directory.findSummariesByIds(await bookmarks.serviceIds(owner));
      return { services };
    },
  );
  done();
};
