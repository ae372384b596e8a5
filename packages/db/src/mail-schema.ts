import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An email as queued. `text` and `html` are dropped once it is sent, since they may carry a
 * one-time link; `to` and `subject` stay, to tell what went to whom.
 */
export type QueuedMailMessage = { to: string; subject: string; text?: string; html?: string };

/**
 * Outgoing mail (migration 0019, decision 026), queued in the same transaction as the write it
 * tells someone about and sent after the commit, again and again until it goes or is given up
 * on. Never deleted. `next_attempt_at` is when it is next due; claiming a row moves it on first.
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    message: jsonb('message').$type<QueuedMailMessage>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    gaveUpAt: at('gave_up_at'),
  },
  (table) => [
    index('outgoing_mail_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.gaveUpAt} is null`),
  ],
);
