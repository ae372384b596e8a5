import type { BookmarksResponse } from '@locals/contracts/bookmarks';
import {
  addEventBookmark,
  addServiceBookmark,
  listBookmarks,
  removeEventBookmark,
  removeServiceBookmark,
} from '@locals/contracts/routes/bookmarks';
import type { ServiceDetail } from '@locals/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { requireUser, userOf } from '../auth';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { createServicesRepository } from '../services';
import { EVENT_NOT_FOUND, SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import type { Event } from '@locals/contracts/events';
import { createEventsRepository } from '../events';
import { bookmarkShareRoutes } from './bookmark-share.routes';
import { createBookmarksRepository, type StoredBookmark } from './bookmarks.repository';
import { refusal, refuse } from '../../capabilities/refusals';

export const BOOKMARK_WRITES_PER_MINUTE = 60;

export const bookmarksRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookmarks = createBookmarksRepository(app.database.db);
  const directory = createServicesRepository(app.database.db);
  const listedEvents = createEventsRepository(app.database.db);
  const writeLimit = perPersonRateLimit(BOOKMARK_WRITES_PER_MINUTE);

  app.route({
    ...(await fromContract(listBookmarks)),
    preHandler: requireUser,
    handler: async (request): Promise<BookmarksResponse> => {
      const stored = await bookmarks.list(userOf(request).id);
      const serviceIds = stored.flatMap((bookmark) =>
        bookmark.type === 'service' ? [bookmark.serviceId] : [],
      );
      const eventIds = stored.flatMap((bookmark) =>
        bookmark.type === 'event' ? [bookmark.eventId] : [],
      );
      const found = {
        services: new Map(
          (await directory.findDetailsByIds(serviceIds)).map((service) => [service.id, service]),
        ),
        events: new Map(
          (await listedEvents.findByIds(eventIds, app.now())).map((event) => [event.id, event]),
        ),
      };
      return { bookmarks: stored.flatMap((bookmark) => toWire(bookmark, found)) };
    },
  });

  app.route({
    ...(await fromContract(addServiceBookmark)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const outcome = await bookmarks.addService(
        userOf(request).id,
        request.body.serviceId,
        app.now(),
      );
      if (!outcome) return refuse(reply, 404, refusal('not_found', SERVICE_NOT_FOUND));
      return reply.code(outcome === 'added' ? 201 : 200).send({ success: true });
    },
  });

  app.route({
    ...(await fromContract(removeServiceBookmark)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request) => {
      await bookmarks.removeService(userOf(request).id, request.params.serviceId);
      return { success: true as const };
    },
  });

  app.route({
    ...(await fromContract(addEventBookmark)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const outcome = await bookmarks.addEvent(userOf(request).id, request.body.eventId, app.now());
      if (!outcome) return refuse(reply, 404, refusal('not_found', EVENT_NOT_FOUND));
      return reply.code(outcome === 'added' ? 201 : 200).send({ success: true });
    },
  });

  app.route({
    ...(await fromContract(removeEventBookmark)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request) => {
      await bookmarks.removeEvent(userOf(request).id, request.params.eventId);
      return { success: true as const };
    },
  });

  await app.register(bookmarkShareRoutes);
};

function toWire(
  bookmark: StoredBookmark,
  found: { services: Map<string, ServiceDetail>; events: Map<string, Event> },
): BookmarksResponse['bookmarks'] {
  const createdAt = bookmark.createdAt.toISOString();
  if (bookmark.type === 'event') {
    // An event its organiser no longer lists stays, with no details, until the person removes it.
    const event = found.events.get(bookmark.eventId) ?? null;
    return [{ id: bookmark.id, type: 'event', eventId: bookmark.eventId, createdAt, event }];
  }
  const service = found.services.get(bookmark.serviceId);
  // Deleting a service deletes its bookmarks; one removed since the list was read is left out.
  if (!service) return [];
  return [{ id: bookmark.id, type: 'service', serviceId: bookmark.serviceId, createdAt, service }];
}
