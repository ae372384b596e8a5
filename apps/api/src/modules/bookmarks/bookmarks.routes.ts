import {
  AddEventBookmarkSchema,
  AddServiceBookmarkSchema,
  BookmarksResponseSchema,
  type BookmarksResponse,
} from '@locals/contracts/bookmarks';
import { ServiceIdSchema, SuccessResponseSchema } from '@locals/contracts/engagement-common';
import type { ServiceDetail } from '@locals/contracts/search';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { createServicesRepository } from '../services/services.repository';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { bookmarkShareRoutes } from './bookmark-share.routes';
import { createBookmarksRepository, type StoredBookmark } from './bookmarks.repository';

export const BOOKMARK_WRITES_PER_MINUTE = 60;

const ServiceBookmarkParamsSchema = z.object({ serviceId: ServiceIdSchema });
const EventBookmarkParamsSchema = AddEventBookmarkSchema;
const ADD_DESCRIPTION =
  'Adding is idempotent: 201 when the bookmark is new, 200 when it was already there.';
// The bookmark is addressed by what it saves, so the answer is about the person's own list only.
const REMOVE_DESCRIPTION =
  'Removing is idempotent: 200 whether it was in your bookmarks or not, so a retried request whose first answer was lost succeeds too.';

export const bookmarksRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const bookmarks = createBookmarksRepository(app.database.db);
  const directory = createServicesRepository(app.database.db);
  const writeLimit = perPersonRateLimit(BOOKMARK_WRITES_PER_MINUTE);

  app.get(
    '/api/users/bookmarks',
    {
      preHandler: requireUser,
      schema: {
        tags: ['bookmarks'],
        summary: 'Your bookmarks, newest first: each service in full, each event by its id',
        response: { 200: BookmarksResponseSchema, ...errorResponses(401, 429, 500) },
      },
    },
    async (request): Promise<BookmarksResponse> => {
      const stored = await bookmarks.list(request.user!.id);
      const serviceIds = stored.flatMap((bookmark) =>
        bookmark.type === 'service' ? [bookmark.serviceId] : [],
      );
      const details = new Map(
        (await directory.findDetailsByIds(serviceIds)).map((service) => [service.id, service]),
      );
      return { bookmarks: stored.flatMap((bookmark) => toWire(bookmark, details)) };
    },
  );

  app.post(
    '/api/bookmarks',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['bookmarks'],
        summary: 'Bookmark a service',
        description: ADD_DESCRIPTION,
        body: AddServiceBookmarkSchema,
        response: {
          200: SuccessResponseSchema,
          201: SuccessResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const outcome = await bookmarks.addService(
        request.user!.id,
        request.body.serviceId,
        app.now(),
      );
      if (!outcome) return reply.code(404).send({ code: 'not_found', message: SERVICE_NOT_FOUND });
      return reply.code(outcome === 'added' ? 201 : 200).send({ success: true });
    },
  );

  app.delete(
    '/api/bookmarks/:serviceId',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['bookmarks'],
        summary: 'Remove a service from your bookmarks',
        description: REMOVE_DESCRIPTION,
        params: ServiceBookmarkParamsSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => {
      await bookmarks.removeService(request.user!.id, request.params.serviceId);
      return { success: true as const };
    },
  );

  app.post(
    '/api/bookmarks/events',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['bookmarks'],
        summary: 'Bookmark an event',
        description: `${ADD_DESCRIPTION} Events have no data yet, so the id is kept as given.`,
        body: AddEventBookmarkSchema,
        response: {
          200: SuccessResponseSchema,
          201: SuccessResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const outcome = await bookmarks.addEvent(request.user!.id, request.body.eventId, app.now());
      return reply.code(outcome === 'added' ? 201 : 200).send({ success: true });
    },
  );

  app.delete(
    '/api/bookmarks/events/:eventId',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['bookmarks'],
        summary: 'Remove an event from your bookmarks',
        description: REMOVE_DESCRIPTION,
        params: EventBookmarkParamsSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => {
      await bookmarks.removeEvent(request.user!.id, request.params.eventId);
      return { success: true as const };
    },
  );

  void app.register(bookmarkShareRoutes);
  done();
};

function toWire(
  bookmark: StoredBookmark,
  services: Map<string, ServiceDetail>,
): BookmarksResponse['bookmarks'] {
  const createdAt = bookmark.createdAt.toISOString();
  if (bookmark.type === 'event') {
    return [{ id: bookmark.id, type: 'event', eventId: bookmark.eventId, createdAt, event: null }];
  }
  const service = services.get(bookmark.serviceId);
  // Deleting a service deletes its bookmarks; one removed since the list was read is left out.
  if (!service) return [];
  return [{ id: bookmark.id, type: 'service', serviceId: bookmark.serviceId, createdAt, service }];
}
