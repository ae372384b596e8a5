import { z } from 'zod';
import {
  DEFAULT_EVENT_MILES,
  EVENT_CATEGORIES,
  EVENT_DISTANCE_OPTIONS,
  MAX_EVENT_PAGE_SIZE,
  type EventCategoryId,
} from './event-categories';
import { TimestampSchema } from './engagement-common';
import { PostcodeSchema } from './postcode-schema';
import { CoordinatesSchema, ResolvedLocationSchema } from './search';
import { textField, tooLongMessage } from './text-field';
import { optional, wholeNumber } from './query-fields';

export const EventCategoryIdSchema = z.enum(
  EVENT_CATEGORIES.map((category) => category.id) as [EventCategoryId, ...EventCategoryId[]],
  { error: 'category must be one of housing, food, wellbeing, training or health' },
);

/** A real calendar day written yyyy-MM-dd (2026-02-30 is refused, not rolled over). */
export const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
};

const calendarDate = (field: string) =>
  z
    .string({ error: `${field} must be a date written yyyy-MM-dd, like 2026-12-01` })
    .trim()
    .refine(isCalendarDate, {
      error: `${field} must be a real date written yyyy-MM-dd, like 2026-12-01`,
    });

const distanceMessage = `maxDistance must be one of ${EVENT_DISTANCE_OPTIONS.slice(0, -1).join(', ')} or ${EVENT_DISTANCE_OPTIONS.at(-1)} miles`;

/**
 * GET /api/events/search and /api/events/calendar.ics. Every filter is optional: without a
 * postcode, events everywhere are listed; with one, those within `maxDistance` miles (10 when not
 * given). `date` is that one day (Europe/London); `from`/`to` a range of days; with neither, every
 * upcoming event.
 */
export const EventsQuerySchema = z
  .object({
    category: optional(EventCategoryIdSchema),
    date: optional(calendarDate('date')),
    from: optional(calendarDate('from')),
    to: optional(calendarDate('to')),
    location: optional(PostcodeSchema),
    maxDistance: optional(
      z.coerce
        .number({ error: distanceMessage })
        .refine((miles) => (EVENT_DISTANCE_OPTIONS as readonly number[]).includes(miles), {
          error: distanceMessage,
        }),
    ),
    registrationRequired: optional(
      z
        .enum(['true', 'false'], { error: 'registrationRequired must be true or false' })
        .transform((value) => value === 'true'),
    ),
    /** Comma-joined; an event with any of them matches (case does not matter). */
    tags: optional(
      textField('tags')
        .max(500, { error: tooLongMessage('tags', 500) })
        .transform((value) =>
          value
            .split(',')
            .map((tag) => tag.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
    page: optional(wholeNumber('page', 1, 100_000)),
    pageSize: optional(wholeNumber('pageSize', 1, MAX_EVENT_PAGE_SIZE)),
  })
  .refine((query) => !(query.date && (query.from || query.to)), {
    error: 'Choose either one date, or a from and to range, not both',
    path: ['date'],
  })
  .refine((query) => !(query.from && query.to && query.from > query.to), {
    error: 'from must be on or before to',
    path: ['from'],
  })
  .refine((query) => query.maxDistance === undefined || query.location !== undefined, {
    error: `maxDistance needs a location: enter a postcode, like BS5 6XX (${DEFAULT_EVENT_MILES} miles is used when only a postcode is given)`,
    path: ['maxDistance'],
  });
export type EventsQueryInput = z.input<typeof EventsQuerySchema>;
export type EventsQuery = z.output<typeof EventsQuerySchema>;

/** One dated session of an event, in Europe/London time. */
export const OccurrenceSchema = z.object({
  /** yyyy-MM-dd. */
  date: z.string(),
  /** 'HH:mm', or null for an all-day event. */
  time: z.string().nullable(),
  /** 'HH:mm' when the source gave an end on the same day; otherwise null. */
  endTime: z.string().nullable(),
  allDay: z.boolean(),
  startsAt: TimestampSchema,
  endsAt: TimestampSchema.nullable(),
  /** This one date was called off by its organiser; the event's other dates go ahead. */
  dateCancelled: z.boolean(),
});
export type Occurrence = z.infer<typeof OccurrenceSchema>;

/**
 * An event as the API answers it. `date`/`time` are the occurrence the answer is about: in a
 * search, the first one in the filters' dates; on its own, the next one (or the last, once the
 * event has passed).
 */
export const EventSchema = OccurrenceSchema.extend({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: EventCategoryIdSchema,
  location: z.object({
    venue: z.string(),
    address: z.string(),
    postcode: z.string(),
    coordinates: CoordinatesSchema,
  }),
  organizer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  registrationRequired: z.boolean(),
  registrationLink: z.string().nullable(),
  website: z.string().nullable(),
  accessibility: z.array(z.string()),
  tags: z.array(z.string()),
  /** "Every Tuesday", "Monthly"; null for a one-off. */
  recurrence: z.string().nullable(),
  /** The organiser called it off; it is kept so bookmarks can say so. */
  cancelled: z.boolean(),
  /** No session is still to come. */
  passed: z.boolean(),
  /** Miles from the searched postcode, to one decimal; null without one. */
  distanceMiles: z.number().nullable(),
  /** An example from Locals' demo set (source 'demo'), not a real event. */
  isDemo: z.boolean(),
  provenance: z.object({
    source: z.string(),
    sourceName: z.string().nullable(),
    licence: z.string(),
  }),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Event = z.infer<typeof EventSchema>;

export const EventsResponseSchema = z.object({
  events: z.array(EventSchema),
  totalCount: z.number().int(),
  hasMore: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Where the searched postcode was placed; null without one. */
  location: ResolvedLocationSchema.nullable(),
});
export type EventsResponse = z.infer<typeof EventsResponseSchema>;

export const EventDetailSchema = EventSchema.extend({
  /** The sessions still to come, soonest first (at most 12). */
  upcoming: z.array(OccurrenceSchema),
});
export type EventDetail = z.infer<typeof EventDetailSchema>;

export const EventDetailResponseSchema = z.object({ data: EventDetailSchema });
export type EventDetailResponse = z.infer<typeof EventDetailResponseSchema>;

export const MAX_EVENT_ID_LENGTH = 200;

export const EventIdParamsSchema = z.object({
  id: textField('The event id', 'The event id is missing')
    .min(1, { error: 'The event id is missing' })
    .max(MAX_EVENT_ID_LENGTH, {
      error: 'An event id is at most 200 characters. Check the link you followed.',
    }),
});

/** A calendar file: text/calendar, described as a string. */
export const CalendarFileSchema = z.string().meta({ description: 'An iCalendar (RFC 5545) file' });
