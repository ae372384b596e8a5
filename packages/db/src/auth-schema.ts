import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Accounts of the built-in issuer have this `issuer`; their subject is their id. */
export const BUILTIN_ISSUER = 'builtin';

/**
 * People who have signed in. Built-in accounts carry an argon2id hash; people from an external
 * issuer have none and are known only by (issuer, subject), never by their email alone.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    passwordHash: text('password_hash'),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('users_issuer_subject_key').on(table.issuer, table.subject),
    // One built-in account per address, in any case. External issuers own their own emails.
    uniqueIndex('users_builtin_email_key')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.issuer} = 'builtin'`),
  ],
);

/** Browser sessions of the API (the backend-for-frontend). The cookie holds the token, we its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    /** Absolute end, whatever the activity. */
    expiresAt: at('expires_at').notNull(),
    /** Kept server-side only, as the id_token_hint of RP-initiated logout. */
    idToken: text('id_token'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    // Each sign-in sweeps away sessions that ended without their cookie coming back.
    index('sessions_last_seen_at_idx').on(table.lastSeenAt),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** A sign-in in progress: what the callback needs to finish the authorization code flow. */
export const authFlows = pgTable('auth_flows', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  createdAt: at('created_at').notNull(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the emailed token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/**
 * One row per failed sign-in, for throttling per account and per IP. Both keys are SHA-256
 * digests, so the table never holds the addresses people typed or where they came from.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountKey: text('account_key').notNull(),
    ipKey: text('ip_key').notNull(),
    failedAt: at('failed_at').notNull(),
  },
  (table) => [
    index('login_failures_account_idx').on(table.accountKey, table.failedAt),
    index('login_failures_ip_idx').on(table.ipKey, table.failedAt),
    index('login_failures_failed_at_idx').on(table.failedAt),
  ],
);

/** The built-in issuer's storage (oidc-provider adapter): sessions, grants, codes, interactions. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    accountId: text('account_id'),
    expiresAt: at('expires_at'),
    consumedAt: at('consumed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_payloads_grant_id_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_user_code_idx').on(table.userCode),
    index('oidc_payloads_account_id_idx').on(table.accountId),
    index('oidc_payloads_expires_at_idx').on(table.expiresAt),
  ],
);
