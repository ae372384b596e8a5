import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const list = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'`);

/**
 * A community event (decision 021): one row per event, however often it meets; its dated sessions
 * are `event_occurrences`. Every event is placed at a real postcode. `source` + `source_uid`
 * (the iCalendar UID, the OpenActive item id) is how a re-import finds the row it updates.
 */
export const events = pgTable(
  'events',
  {
    /** Stable across re-imports: made from source and UID (packages/db/src/events.ts). */
    id: text('id').primaryKey(),
    source: text('source').notNull(),
    sourceUid: text('source_uid').notNull(),
    sourceName: text('source_name'),
    licence: text('licence').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** One of packages/contracts/src/event-categories.ts. */
    category: text('category').notNull(),
    venue: text('venue').notNull(),
    address: text('address').notNull().default(''),
    postcode: text('postcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    organizerName: text('organizer_name').notNull().default(''),
    organizerEmail: text('organizer_email'),
    organizerPhone: text('organizer_phone'),
    registrationRequired: boolean('registration_required').notNull().default(false),
    registrationLink: text('registration_link'),
    website: text('website'),
    accessibility: list('accessibility'),
    /** As published; search compares them lower-cased. */
    tags: list('tags'),
    /** "Every Tuesday"; null for a one-off. The sessions themselves are in event_occurrences. */
    recurrence: text('recurrence'),
    cancelled: boolean('cancelled').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('events_source_uid_key').on(table.source, table.sourceUid)],
);

/**
 * One dated session of an event. Place, category, registration and cancellation are copied from
 * the event so a search finds and counts its events from this table's index alone, reading
 * `events` only for the page it shows. Two generated columns live in SQL only (migration 0015,
 * never written): `position`, the point as an earthdistance cube, and `cell`, the grid cell the
 * search index is keyed by (decision 021).
 */
export const eventOccurrences = pgTable(
  'event_occurrences',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at'),
    allDay: boolean('all_day').notNull().default(false),
    category: text('category').notNull(),
    registrationRequired: boolean('registration_required').notNull(),
    cancelled: boolean('cancelled').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (table) => [
    uniqueIndex('event_occurrences_event_start_key').on(table.eventId, table.startsAt),
    index('event_occurrences_starts_idx').on(table.startsAt),
  ],
);
