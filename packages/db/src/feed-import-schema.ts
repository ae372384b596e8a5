import { boolean, integer, json, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What an import of an Open Referral UK API remembers of a source between runs (migration 0025,
 * decision 040): when its last successful import began, and the checkpoint of a run that stopped.
 */
export const feedImportState = pgTable('feed_import_state', {
  source: text('source').primaryKey(),
  /** `--modified-after auto` asks the feed for what changed since then. */
  lastStartedAt: at('last_started_at'),
  /** The feed's address and parameters the checkpoint's pages were read with. */
  checkpointFeed: text('checkpoint_feed'),
  checkpointStartedAt: at('checkpoint_started_at'),
});

/** Each page of a stopped run read whole: the service records, in the feed's order. */
export const feedImportPages = pgTable(
  'feed_import_pages',
  {
    source: text('source')
      .notNull()
      .references(() => feedImportState.source, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    records: json('records').$type<unknown[]>().notNull(),
    isLast: boolean('is_last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.page] })],
);
