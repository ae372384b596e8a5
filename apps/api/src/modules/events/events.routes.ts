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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Temporal } from 'temporal-polyfill';
import { serializeError } from '../../log-errors';
import { fromContract } from '../../http/contract-route';
import { postcodeNotFoundMessage } from '../../capabilities/geocoder/geocoder';
import { createCalendarCache } from './calendar-cache';
import { createCalendarThread } from './calendar-thread';
import { eventCalendar } from './event-calendar';
import { createEventsRepository, METRES_PER_MILE, type EventSearch } from './events.repository';
import { londonDay, londonMidnight, nextDay } from '../../capabilities/london-time';
import { refusal, refuse, type Refusal } from '../../capabilities/refusals';

/** Without dates, sessions that began up to a day ago and are still on are listed too. */
const STILL_ON_MS = 24 * 60 * 60 * 1000;
/**
 * A calendar feed's bounds (decision 033): at most this many events, the soonest
 * this many sessions across them, only this many months ahead, and about this many bytes.
 * The contract's description (eventsCalendar) says the same.
 */
const CALENDAR_EVENTS = 500;
const CALENDAR_SESSIONS = 1000;
const CALENDAR_MONTHS = 3;
const CALENDAR_BYTES = 1_000_000;
/** A finished feed is served from memory this long, for this many different queries. */
const CALENDAR_CACHE_MS = 5 * 60 * 1000;
const CALENDAR_CACHE_ENTRIES = 100;
const CALENDAR_DESCRIPTION =
  `Community events from Locals: the next ${CALENDAR_MONTHS} months, at most ` +
  `${CALENDAR_SESSIONS.toLocaleString('en-GB')} sessions (the soonest) of ${CALENDAR_EVENTS} events.`;
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const DEMO_REFRESH_MS = 6 * 60 * 60 * 1000;
/**
 * How often each event's stored next sessions are moved on past those that ended, and `events`
 * vacuumed after imports' and organisers' writes (decision 039).
 */
const NEXT_SESSIONS_MS = 5 * 60 * 1000;

type Located = { location: ResolvedLocation | null } | Refusal;

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = createEventsRepository(app.database.db);
  if (app.config.demoContent) keepDemoEventsCurrent(app);
  // Searches are right without it (decision 039); it keeps them fast.
  app.scheduler.every({
    name: 'event-next-sessions',
    everyMs: NEXT_SESSIONS_MS,
    run: () => events.refreshNextSessions(app.now()),
  });
  const geocoder = app.geocoder;

  async function locate(query: EventsQuery): Promise<Located> {
    if (!query.location) return { location: null };
    const location = await geocoder.resolve(query.location);
    if (location) return { location };
    return refusal('postcode_not_found', postcodeNotFoundMessage(query.location));
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
      if ('code' in located) return refuse(reply, 404, located);
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

  const calendars = createCalendarCache({
    ttlMs: CALENDAR_CACHE_MS,
    maxEntries: CALENDAR_CACHE_ENTRIES,
    now: () => app.now(),
  });
  const calendarThread = createCalendarThread();
  app.addHook('onClose', () => calendarThread.close());

  /** The feed's text, built within its bounds; the 404 answer when the place is not found. */
  async function buildCalendar(query: EventsQuery): Promise<string | Refusal> {
    const located = await locate(query);
    if ('code' in located) return located;
    const now = app.now();
    const horizon = londonMidnight(
      Temporal.PlainDate.from(londonDay(now)).add({ months: CALENDAR_MONTHS }).toString(),
    );
    const asked = searchOf(query, located.location, { limit: CALENDAR_EVENTS, offset: 0 });
    const search = { ...asked, to: asked.to && asked.to < horizon ? asked.to : horizon };
    const found = search.from < search.to ? (await events.search(search)).events : ([] as const);
    const sessions = await events.sessionsOf(
      found.map((event) => event.id),
      search,
      CALENDAR_SESSIONS,
    );
    const { body } = await calendarThread.build(
      'Locals community events',
      found.map((event) => ({ event, sessions: sessions.get(event.id) ?? [] })),
      {
        publicUrl: app.config.publicUrl,
        now,
        maxBytes: CALENDAR_BYTES,
        description: CALENDAR_DESCRIPTION,
      },
    );
    return body;
  }

  app.route({
    ...(await fromContract(eventsCalendar)),
    handler: async (request, reply) => {
      const key = `${calendarKey(request.query)}#${await events.version()}`;
      const cached = await calendars.getOrBuild(key, () => buildCalendar(request.query));
      if (!('gzipped' in cached)) return refuse(reply, 404, cached);
      reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', 'inline; filename="locals-events.ics"')
        .header('vary', 'accept-encoding');
      // Gzipped once when cached; the compression plugin leaves an encoded reply as it is.
      // The contract types the answer as text; the bytes are that text.
      const bytes: FastifyReply = reply;
      if (acceptsGzip(request.headers['accept-encoding'])) {
        reply.header('content-encoding', 'gzip');
        return bytes.send(cached.gzipped);
      }
      return bytes.send(cached.body);
    },
  });

  app.route({
    ...(await fromContract(getEventCalendar)),
    handler: async (request, reply) => {
      const event = await events.findById(request.params.id, app.now());
      if (!event) return refuse(reply, 404, refusal('not_found', EVENT_NOT_FOUND));
      // Once every session is over, the file still holds the last one: a person adding a
      // bookmarked event to their calendar late gets its date, not an empty file.
      const { upcoming, ...rest } = event;
      const sessions = upcoming.length > 0 ? upcoming : [rest];
      // At most the UPCOMING_LIMIT sessions the event's answer lists: within the feed's bounds.
      const { body } = eventCalendar(event.title, [{ event: rest, sessions }], {
        publicUrl: app.config.publicUrl,
        now: app.now(),
        maxBytes: CALENDAR_BYTES,
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
      if (!event) return refuse(reply, 404, refusal('not_found', EVENT_NOT_FOUND));
      return { data: event };
    },
  });
};

/**
 * The example events (shown until real feeds are loaded) are dated from today when the server
 * starts (server.ts); a server that runs for weeks re-dates them a few times a day so they never
 * run out, on the app's scheduler (one instance at a time; each write is the same anyway).
 */
function keepDemoEventsCurrent(app: FastifyInstance) {
  app.scheduler.every({
    name: 'demo-events',
    everyMs: DEMO_REFRESH_MS,
    run: async () => {
      try {
        await refreshDemoEvents(app.database, app.now());
      } catch (error) {
        app.log.error({ err: serializeError(error) }, 'Could not re-date the example events');
      }
    },
  });
}

/** The same feed for the same query, however its parameters are ordered or spaced. */
function calendarKey(query: EventsQuery): string {
  const normalised = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]): [string, unknown] => {
      if (name === 'location' && typeof value === 'string') {
        return [name, value.replace(/\s+/g, '').toUpperCase()];
      }
      return [name, Array.isArray(value) ? [...value].map(String).sort() : value];
    })
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(normalised);
}

/** Whether Accept-Encoding takes gzip (and does not refuse it with q=0). */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
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
