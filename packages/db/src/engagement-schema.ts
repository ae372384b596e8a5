import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
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
    // A person's list, newest first, read in index order (the unique indexes above are partial).
    index('bookmarks_user_created_idx').on(table.userId, table.createdAt, table.id),
    // Removing a service deletes its bookmarks (cascade): find them without a scan.
    index('bookmarks_service_idx')
      .on(table.serviceId)
      .where(sql`${table.serviceId} is not null`),
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

/**
 * The client's Idempotency-Key for a create: a retried request finds the row the first one made
 * instead of making a second. Unique per person; rows made without a key have none.
 */
const idempotencyKey = () => uuid('idempotency_key');

/** Private notes: only their author ever reads them. A person may keep several per service. */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    userId: owner(),
    serviceId: service(),
    noteText: text('note_text').notNull(),
    idempotencyKey: idempotencyKey(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('notes_user_service_idx').on(table.userId, table.serviceId, table.createdAt),
    index('notes_service_idx').on(table.serviceId),
    uniqueIndex('notes_user_idempotency_key')
      .on(table.userId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
  ],
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
    idempotencyKey: idempotencyKey(),
    /** When the provider's email went out; null until it has. */
    emailSentAt: at('email_sent_at'),
    emailAttempts: integer('email_attempts').notNull().default(0),
    /** When to try the email (again); null once sent or given up. */
    emailNextAttemptAt: at('email_next_attempt_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('suggestions_status_check', sql`${table.status} in ('new', 'accepted', 'rejected')`),
    index('suggestions_user_created_idx').on(table.userId, table.createdAt),
    index('suggestions_service_idx').on(table.serviceId),
    uniqueIndex('suggestions_user_idempotency_key')
      .on(table.userId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('suggestions_email_due_idx')
      .on(table.emailNextAttemptAt)
      .where(sql`${table.emailSentAt} is null and ${table.emailNextAttemptAt} is not null`),
  ],
);

/**
 * That a person deleted one of their notes or reviews, kept for a day, so a retried DELETE
 * (its first answer lost) is told it succeeded, while an id that was never theirs still answers
 * 404. It holds ids only, never the content.
 */
export const deletionReceipts = pgTable(
  'deletion_receipts',
  {
    /** note or review. */
    kind: text('kind').notNull(),
    objectId: uuid('object_id').notNull(),
    userId: owner(),
    deletedAt: at('deleted_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.objectId] }),
    check('deletion_receipts_kind_check', sql`${table.kind} in ('note', 'review')`),
    index('deletion_receipts_deleted_idx').on(table.deletedAt),
  ],
);
