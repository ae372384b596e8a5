import { sql } from 'drizzle-orm';
import {
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Storage tables. Column names are snake_case; the API contracts map them to the wire.
 * New tables (services, postcodes, ...) go in this file and get their own migration.
 */

/** One row per Europe/London calendar day; the all-time total is the sum of `views`. */
export const siteViewDays = pgTable('site_view_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: integer('views').notNull().default(0),
  lastViewedAt: timestamp('last_viewed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Stored trimmed and lower-cased so one address is one row. */
  email: text('email').notNull().unique(),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
  /** When the last confirmation email went out, so repeat sign-ups cannot mail-bomb an inbox. */
  confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true, mode: 'date' }),
});

export const providerApplications = pgTable(
  'provider_applications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organizationName: text('organization_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    address: text('address').notNull(),
    services: text('services').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['received', 'approved', 'rejected'] })
      .notNull()
      .default('received'),
    /** The client's Idempotency-Key: applicants are anonymous, so it is unique per email. */
    idempotencyKey: uuid('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A moderator's decision (migration 0017): when, by whose email, and why if rejected. */
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: text('decided_by'),
    rejectionReason: text('rejection_reason'),
    /** The listing an approval created. */
    serviceId: text('service_id'),
  },
  (table) => [
    uniqueIndex('provider_applications_email_idempotency_key')
      .on(table.email, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
  ],
);

/** Small key/value flags, for example whether the open data has been loaded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * Rate-limit counters when several instances share one PostgreSQL (apps/api rate-limit-store):
 * `key` is a keyed digest of the limit and the client, `hits` the count in the window ending
 * at `resets_at`. An UNLOGGED table (migration 0011).
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export * from './directory-schema';
export * from './auth-schema';
export * from './engagement-schema';
export * from './events-schema';
export * from './moderation-schema';
export * from './mail-schema';
export * from './feed-import-schema';
