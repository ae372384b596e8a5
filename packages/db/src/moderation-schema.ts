import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth-schema';
import { services } from './directory-schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The roles a person can hold beyond being signed in (decision 023). */
export const ROLES = ['moderator'] as const;
export type Role = (typeof ROLES)[number];

/** Granted and revoked from the command line only (`npm run admin`), never from the product. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    grantedAt: at('granted_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check('user_roles_role_check', sql`${table.role} in ('moderator')`),
  ],
);

/**
 * Every moderation action: who, when, what, before and after. Append-only: migration 0016's
 * triggers refuse UPDATE, DELETE and TRUNCATE. `actor_user_id` has no foreign key, so the log
 * outlives the accounts it names; `actor` keeps their email (or 'command line').
 */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: at('at').notNull().defaultNow(),
  actorUserId: uuid('actor_user_id'),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id').notNull(),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
});

/**
 * The organisation that runs a listing (decision 024): the email it applied with, and the account
 * that proved it holds that email by signing in and opening the emailed one-time link.
 */
export const listingProviders = pgTable('listing_providers', {
  serviceId: text('service_id')
    .primaryKey()
    .references(() => services.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const LISTING_LINK_PURPOSES = ['claim', 'still-correct', 'something-changed'] as const;

/** One-time links sent by email; only a SHA-256 of the token is stored. */
export const listingLinks = pgTable(
  'listing_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: LISTING_LINK_PURPOSES }).notNull(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    usedBy: uuid('used_by'),
  },
  (table) => [index('listing_links_service_idx').on(table.serviceId)],
);

/**
 * A write's answer under the Idempotency-Key its caller sent (migration 0017), so a retry gets
 * the same answer and changes nothing. `scope` is whose key it is: a user id, or a link's hash.
 */
export const idempotentWrites = pgTable(
  'idempotent_writes',
  {
    scope: text('scope').notNull(),
    key: uuid('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
