import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { services } from './directory-schema';

/**
 * What signed-in people keep and say about services: bookmarks, votes, private notes, reviews
 * and suggestions. Every row belongs to one user (cascade: deleting an account deletes its
 * content); the API reads the user from the session, never from the request.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const service = () =>
  text('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' });

/**
 * A saved service or event. Events have no table yet (a later capability), so `event_id` carries
 * no foreign key; a service bookmark always points at a real service.
 */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: id(),
    userId: owner(),
    kind: text('kind').notNull(),
    serviceId: text('service_id').references(() => services.id, { onDelete: 'cascade' }),
    eventId: text('event_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'bookmarks_kind_check',
      sql`(${table.kind} = 'service' and ${table.serviceId} is not null and ${table.eventId} is null)
        or (${table.kind} = 'event' and ${table.eventId} is not null and ${table.serviceId} is null)`,
    ),
    uniqueIndex('bookmarks_user_service_key')
      .on(table.userId, table.serviceId)
      .where(sql`${table.serviceId} is not null`),
    uniqueIndex('bookmarks_user_event_key')
      .on(table.userId, table.eventId)
      .where(sql`${table.eventId} is not null`),
  ],
);

/** A read-only link to someone's bookmarked services; deleting the row revokes it. */
export const bookmarkShares = pgTable('bookmark_shares', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Random, URL-safe, unguessable; the link is /shared/bookmarks/{token}. */
  token: text('token').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** One vote per person per service; counts are always computed from these rows. */
export const serviceVotes = pgTable(
  'service_votes',
  {
    userId: owner(),
    serviceId: service(),
    voteType: text('vote_type').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.serviceId] }),
    check('service_votes_type_check', sql`${table.voteType} in ('up', 'down')`),
    index('service_votes_service_idx').on(table.serviceId, table.voteType),
  ],
);

/** Private notes: only their author ever reads them. A person may keep several per service. */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    userId: owner(),
    serviceId: service(),
    noteText: text('note_text').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('notes_user_service_idx').on(table.userId, table.serviceId, table.createdAt)],
);

/** Public reviews: one per person per service (posting again edits it). */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    userId: owner(),
    serviceId: service(),
    rating: smallint('rating').notNull(),
    reviewText: text('review_text').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    uniqueIndex('reviews_user_service_key').on(table.userId, table.serviceId),
    index('reviews_service_created_idx').on(table.serviceId, table.createdAt),
  ],
);

/**
 * Corrections sent to a service's provider. The provider answers through the single-use links in
 * the email (`provider_token`), and the sender sees the status on their bookmarks page.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: id(),
    userId: owner(),
    serviceId: service(),
    suggestionText: text('suggestion_text').notNull(),
    /** new, accepted or rejected. */
    status: text('status').notNull().default('new'),
    providerToken: text('provider_token').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('suggestions_status_check', sql`${table.status} in ('new', 'accepted', 'rejected')`),
    index('suggestions_user_created_idx').on(table.userId, table.createdAt),
  ],
);
