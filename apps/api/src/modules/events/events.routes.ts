import { DEFAULT_EVENT_MILES, EVENT_PAGE_SIZE } from '@locals/contracts/event-categories';
import type { EventsQuery } from '@locals/contracts/events';
import { EVENT_NOT_FOUND } from '@locals/contracts/messages';
import type { ResolvedLocation } from '@locals/contracts/search';
import {
  eventsCalendar,
  getEvent,
  getEventCalendar,
  searchEvents,
} from '@locals/contracts/routes/events';
import { refreshDemoEvents } from '@locals/db/open-data/demo-events';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializeError } from '../../log-errors';
import { fromContract } from '../../http/contract-route';
import { createGeocoder, postcodeNotFoundMessage } from '../geocode';
import { eventCalendar } from './event-calendar';
import { createEventsRepository, METRES_PER_MILE, type EventSearch } from './events.repository';
import { londonMidnight, nextDay } from './london-time';

/** Without dates, sessions that began up to a day ago and are still on are listed too. */
const STILL_ON_MS = 24 * 60 * 60 * 1000;
/** A calendar feed holds at most this many events (each with all its sessions). */
const CALENDAR_EVENTS = 500;
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const DEMO_REFRESH_MS = 6 * 60 * 60 * 1000;

type Located = { location: ResolvedLocation | null } | { code: string; message: string };

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = createEventsRepository(app.database.db);
  if (app.config.demoContent) keepDemoEventsCurrent(app);
  const geocoder = createGeocoder({
    db: app.database.db,
    log: app.log,
    postcodesApiUrl: app.config.postcodesApiUrl,
  });

  async function locate(query: EventsQuery): Promise<Located> {
    if (!query.location) return { location: null };
    const location = await geocoder.resolve(query.location);
    if (location) return { location };
    return { code: 'postcode_not_found', message: postcodeNotFoundMessage(query.location) };
  }

  function searchOf(
    query: EventsQuery,
    location: ResolvedLocation | null,
    slice: { limit: number; offset: number },
  ): EventSearch {
    const now = app.now();
    const first = query.date ?? query.from;
    const last = query.date ?? query.to;
    return {
      ...(location && {
        near: {
          latitude: location.coordinates.lat,
          longitude: location.coordinates.lng,
          metres: (query.maxDistance ?? DEFAULT_EVENT_MILES) * METRES_PER_MILE,
        },
      }),
      from: first ? londonMidnight(first) : new Date(now.getTime() - STILL_ON_MS),
      ...(last && { to: londonMidnight(nextDay(last)) }),
      now,
      ...(query.category && { category: query.category }),
      ...(query.registrationRequired !== undefined && {
        registrationRequired: query.registrationRequired,
      }),
      ...(query.tags && { tags: query.tags }),
      ...slice,
    };
  }

  app.route({
    ...(await fromContract(searchEvents)),
    handler: async (request, reply) => {
      const query = request.query;
      const located = await locate(query);
      if ('code' in located) return reply.code(404).send(located);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? EVENT_PAGE_SIZE;
      const found = await events.search(
        searchOf(query, located.location, { limit: pageSize, offset: (page - 1) * pageSize }),
      );
      return {
        events: found.events,
        totalCount: found.total,
        hasMore: page * pageSize < found.total,
        page,
        pageSize,
        location: located.location,
      };
    },
  });

  app.route({
    ...(await fromContract(eventsCalendar)),
    handler: async (request, reply) => {
      const query = request.query;
      const located = await locate(query);
      if ('code' in located) return reply.code(404).send(located);
      const search = searchOf(query, located.location, { limit: CALENDAR_EVENTS, offset: 0 });
      const found = await events.search(search);
      const sessions = await events.sessionsOf(
        found.events.map((event) => event.id),
        search,
      );
      const body = eventCalendar(
        'Locals community events',
        found.events.map((event) => ({ event, sessions: sessions.get(event.id) ?? [] })),
        { publicUrl: app.config.publicUrl, now: app.now() },
      );
      return reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', 'inline; filename="locals-events.ics"')
        .send(body);
    },
  });

  app.route({
    ...(await fromContract(getEventCalendar)),
    handler: async (request, reply) => {
      const event = await events.findById(request.params.id, app.now());
      if (!event) return reply.code(404).send({ code: 'not_found', message: EVENT_NOT_FOUND });
      // Once every session is over, the file still holds the last one: a person adding a
      // bookmarked event to their calendar late gets its date, not an empty file.
      const { upcoming, ...rest } = event;
      const sessions = upcoming.length > 0 ? upcoming : [rest];
      const body = eventCalendar(event.title, [{ event: rest, sessions }], {
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      return reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', `attachment; filename="${fileNameOf(event.title)}.ics"`)
        .send(body);
    },
  });

  app.route({
    ...(await fromContract(getEvent)),
    handler: async (request, reply) => {
      const event = await events.findById(request.params.id, app.now());
      if (!event) return reply.code(404).send({ code: 'not_found', message: EVENT_NOT_FOUND });
      return { data: event };
    },
  });
};

/**
 * The example events (shown until real feeds are loaded) are dated from today when the server
 * starts (server.ts); a server that runs for weeks re-dates them a few times a day so they never
 * run out. Several instances may do it at once: each write is the same.
 */
function keepDemoEventsCurrent(app: FastifyInstance) {
  const refresh = async () => {
    try {
      await refreshDemoEvents(app.database, app.now());
    } catch (error) {
      app.log.error({ err: serializeError(error) }, 'Could not re-date the example events');
    }
  };
  const timer = setInterval(() => void refresh(), DEMO_REFRESH_MS).unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

/** "Community lunch (St Paul's)" → "community-lunch-st-paul-s": safe in a header and a file name. */
function fileNameOf(title: string): string {
  const name = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return name || 'event';
}
