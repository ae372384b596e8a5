import type { BookmarkShare } from '@locals/contracts/bookmarks';
import {
  createBookmarkShare,
  getBookmarkShare,
  getSharedBookmarks,
  revokeBookmarkShare,
} from '@locals/contracts/routes/bookmark-share';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { requireUser, userOf } from '../auth';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { createServicesRepository } from '../services';
import { createBookmarkSharesRepository, type StoredShare } from './bookmark-shares.repository';
import { createBookmarksRepository } from './bookmarks.repository';
import { refusal, refuse } from '../../capabilities/refusals';

export const SHARED_LIST_GONE = 'This shared list is no longer available.';
export const SHARE_WRITES_PER_MINUTE = 10;

/** A person's read-only link to their bookmarked services, and the public list it opens. */
export const bookmarkShareRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.route({
    ...(await fromContract(getBookmarkShare)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      // The token is a secret: keep it out of shared caches.
      void reply.header('cache-control', 'no-store');
      return toWire(await shares.findByOwner(userOf(request).id));
    },
  });

  app.route({
    ...(await fromContract(createBookmarkShare)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const { share, isNew } = await shares.create(userOf(request).id, app.now());
      return reply
        .code(isNew ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(toWire(share));
    },
  });

  app.route({
    ...(await fromContract(revokeBookmarkShare)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request) => {
      await shares.revoke(userOf(request).id);
      return { success: true as const, share: null };
    },
  });

  app.route({
    ...(await fromContract(getSharedBookmarks)),
    handler: async (request, reply) => {
      // Live and private to whoever holds the link: never cached, never indexed.
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const owner = await shares.ownerOf(request.params.token);
      if (!owner) return refuse(reply, 404, refusal('not_found', SHARED_LIST_GONE));
      const services = await directory.findSummariesByIds(await bookmarks.serviceIds(owner));
      return { services };
    },
  });
};
