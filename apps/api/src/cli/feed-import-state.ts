import type { Db } from '@locals/db/client';
import { feedImportPages, feedImportState } from '@locals/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { FeedPage } from './oruk-feed';

/**
 * A run of one source's feed: when it began (the first try's start, when it resumes one that
 * stopped) and the pages already read whole, in order.
 */
export type FeedRun = { startedAt: Date; pages: FeedPage[] };

/** When the source's last successful feed import began; null when none is remembered. */
export async function lastImportStart(db: Db, source: string): Promise<Date | null> {
  const [state] = await db
    .select({ lastStartedAt: feedImportState.lastStartedAt })
    .from(feedImportState)
    .where(eq(feedImportState.source, source));
  return state?.lastStartedAt ?? null;
}

/**
 * Begins a run of `feed` (its address and parameters): the pages the source's checkpoint holds
 * when it was read from the same feed, or none, the checkpoint of another discarded.
 */
export async function beginFeedRun(
  db: Db,
  source: string,
  feed: string,
  now: Date,
): Promise<FeedRun> {
  return db.transaction(async (transaction) => {
    const [state] = await transaction
      .select()
      .from(feedImportState)
      .where(eq(feedImportState.source, source));
    if (state?.checkpointFeed === feed && state.checkpointStartedAt) {
      const pages = await transaction
        .select({
          number: feedImportPages.page,
          records: feedImportPages.records,
          isLast: feedImportPages.isLast,
        })
        .from(feedImportPages)
        .where(eq(feedImportPages.source, source))
        .orderBy(asc(feedImportPages.page));
      return { startedAt: state.checkpointStartedAt, pages };
    }
    await transaction.delete(feedImportPages).where(eq(feedImportPages.source, source));
    const checkpoint = { checkpointFeed: feed, checkpointStartedAt: now };
    await transaction
      .insert(feedImportState)
      .values({ source, ...checkpoint })
      .onConflictDoUpdate({ target: feedImportState.source, set: checkpoint });
    return { startedAt: now, pages: [] };
  });
}

/** Keeps a page read whole, so a run that stops after it resumes at the next. */
export async function keepFeedPage(db: Db, source: string, page: FeedPage): Promise<void> {
  const row = { records: page.records, isLast: page.isLast };
  await db
    .insert(feedImportPages)
    .values({ source, page: page.number, ...row })
    .onConflictDoUpdate({ target: [feedImportPages.source, feedImportPages.page], set: row });
}

/**
 * After the run's services are written: the next `--modified-after auto` asks for what changed
 * since the run began, and its checkpoint is no longer needed.
 */
export async function finishFeedRun(db: Db, source: string, run: FeedRun): Promise<void> {
  await db.transaction(async (transaction) => {
    await transaction.delete(feedImportPages).where(eq(feedImportPages.source, source));
    await transaction
      .update(feedImportState)
      .set({ lastStartedAt: run.startedAt, checkpointFeed: null, checkpointStartedAt: null })
      .where(eq(feedImportState.source, source));
  });
}
