import { defineRoute } from '../route';

const schemas = () => import('../events');
const tags = ['events'];

export const searchEvents = defineRoute({
  method: 'GET',
  path: '/api/events/search',
  load: async () => {
    const { EventsQuerySchema, EventsResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Upcoming community events, soonest first, nearest first on the same start',
      description:
        'Each event appears once, at its first session within the dates asked for (a weekly ' +
        'group is one event). Sessions that have ended are never listed. With a postcode, ' +
        'events within maxDistance miles (10 when not given), each with its distance.',
      query: EventsQuerySchema,
      responses: { 200: EventsResponseSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const eventsCalendar = defineRoute({
  method: 'GET',
  path: '/api/events/calendar.ics',
  load: async () => {
    const { EventsQuerySchema, CalendarFileSchema } = await schemas();
    return {
      tags,
      summary: 'The same events as a calendar feed a phone can subscribe to (text/calendar)',
      description:
        'Takes the same filters as /api/events/search (page and pageSize excepted). Bounded, ' +
        'so a feed stays cheap to build: up to 500 events, the soonest 1,000 sessions across ' +
        'them, only the next 3 months (later dates asked for are left out), and about 1 MB at ' +
        'most; X-WR-CALDESC says so. The same query is answered from a cache for 5 minutes, ' +
        'or until an import changes the events; gzipped when Accept-Encoding allows. RFC 5545 ' +
        'with a Europe/London VTIMEZONE.',
      query: EventsQuerySchema,
      responses: { 200: CalendarFileSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const getEvent = defineRoute({
  method: 'GET',
  path: '/api/events/:id',
  load: async () => {
    const { EventDetailResponseSchema, EventIdParamsSchema } = await schemas();
    return {
      tags,
      summary: 'One event in full, with its sessions still to come',
      params: EventIdParamsSchema,
      responses: { 200: EventDetailResponseSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const getEventCalendar = defineRoute({
  method: 'GET',
  path: '/api/events/:id.ics',
  load: async () => {
    const { EventIdParamsSchema, CalendarFileSchema } = await schemas();
    return {
      tags,
      summary: 'One event as a calendar file to add to a calendar (text/calendar)',
      params: EventIdParamsSchema,
      responses: { 200: CalendarFileSchema },
      errors: [400, 404, 429, 500],
    };
  },
});
