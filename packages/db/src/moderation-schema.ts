import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth-schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The roles a person can hold beyond being signed in (issue 15). */
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
