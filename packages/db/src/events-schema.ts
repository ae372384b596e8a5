import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EventSubmission, SubmittedEventStatus } from '@locals/contracts/organiser-events';
import { users } from './auth-schema';
import { services } from './directory-schema';

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
    // An event its organiser submitted (source 'locals', decision 038); all null for imports.
    /** Waiting for a moderator, published, or refused. Only null and published are shown. */
    status: text('status').$type<SubmittedEventStatus>(),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the organiser wrote, as written (the repeat included). */
    submission: jsonb('submission').$type<EventSubmission>(),
    refusalReason: text('refusal_reason'),
    decidedAt: at('decided_at'),
    /** When it was first on /events: from then on it is cancelled, never deleted. */
    firstPublishedAt: at('first_published_at'),
    /** London days (yyyy-MM-dd) its organiser called off, kept while a change waits. */
    cancelledDays: list('cancelled_days'),
    /** The verified listing whose provider published it without waiting. */
    serviceId: text('service_id').references(() => services.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    /** When its organiser was last asked whether it still runs, and reminded it ends. */
    endingReminderAt: at('ending_reminder_at'),
    freshnessReminderAt: at('freshness_reminder_at'),
    // Written only by migration 0024's triggers and job (decision 039), never by the app: the
    // first two sessions not ended at `nextAsOf` (each end, or its start and an hour), or none.
    nextStartsAt: at('next_starts_at'),
    nextEndsAt: at('next_ends_at'),
    followingStartsAt: at('following_starts_at'),
    followingEndsAt: at('following_ends_at'),
    nextAsOf: at('next_as_of')
      .notNull()
      .default(sql`'-infinity'`),
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
    /** This one date was called off by the organiser; the event's other dates go ahead. */
    dateCancelled: boolean('date_cancelled').notNull().default(false),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (table) => [
    uniqueIndex('event_occurrences_event_start_key').on(table.eventId, table.startsAt),
    index('event_occurrences_starts_idx').on(table.startsAt),
  ],
);
