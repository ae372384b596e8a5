import { NUDGE_AFTER_MONTHS } from '@locals/contracts/listing';
import type { Db } from '@locals/db/client';
import { listingProviders, services } from '@locals/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { londonDay } from '../../capabilities/london-time';
import type { Mailer } from '../../lib/mailer';
import { serializeError } from '../../log-errors';
import { monthsBefore, oneTimeLinks } from '../listings';
import { freshnessNudgeEmail } from './providers.email';

export type FreshnessNudges = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
  /** At most this many emails a run; the rest go in the next run. */
  limit?: number;
};

/**
 * Asks whoever runs a listing, 11 months after its last check, whether it is still correct
 * (issue 15): one email with a "Still correct" link and a "Something has changed" link. Demo
 * listings and listings nobody has checked through Locals are never asked. A listing is marked
 * nudged with its links in one transaction, so two instances never both send; the email goes
 * after the commit, and when it cannot be sent the mark is cleared so the next run tries again.
 * Answers how many emails were sent.
 */
export async function sendFreshnessNudges({
  db,
  mailer,
  publicUrl,
  now,
  log,
  limit = 100,
}: FreshnessNudges): Promise<number> {
  const recipient = sql<string>`coalesce(${listingProviders.email}, nullif(trim(${services.email}), ''))`;
  const due = await db
    .select({
      id: services.id,
      name: services.name,
      reviewDate: services.reviewDate,
      recipient,
    })
    .from(services)
    .leftJoin(listingProviders, eq(listingProviders.serviceId, services.id))
    .where(
      and(
        ne(services.source, 'demo'),
        isNotNull(services.reviewDate),
        lte(services.reviewDate, monthsBefore(londonDay(now), NUDGE_AFTER_MONTHS)),
        isNull(services.checkNudgedAt),
        sql`${recipient} is not null`,
      ),
    )
    .orderBy(asc(services.reviewDate), asc(services.id))
    .limit(limit);

  let sent = 0;
  for (const listing of due) {
    const tokens = await db.transaction(async (tx) => {
      const marked = await tx
        .update(services)
        .set({ checkNudgedAt: now })
        .where(and(eq(services.id, listing.id), isNull(services.checkNudgedAt)))
        .returning({ id: services.id });
      // Another instance took it between the select and now.
      if (marked.length === 0) return null;
      const link = { serviceId: listing.id, email: listing.recipient, now };
      return {
        stillCorrectToken: await oneTimeLinks.issue(tx, { ...link, purpose: 'still-correct' }),
        somethingChangedToken: await oneTimeLinks.issue(tx, {
          ...link,
          purpose: 'something-changed',
        }),
      };
    });
    if (!tokens) continue;
    try {
      await mailer.send(
        freshnessNudgeEmail({
          to: listing.recipient,
          name: listing.name,
          lastChecked: listing.reviewDate,
          publicUrl,
          ...tokens,
        }),
      );
      sent += 1;
    } catch (error) {
      log.error(
        { err: serializeError(error), serviceId: listing.id },
        'could not send a listing freshness email; the next run tries again',
      );
      await db
        .update(services)
        .set({ checkNudgedAt: null })
        .where(and(eq(services.id, listing.id), eq(services.checkNudgedAt, now)));
    }
  }
  return sent;
}

/** Freshness reminders are looked for every hour (providers.routes.ts schedules it). */
export const FRESHNESS_EVERY_MS = 60 * 60 * 1000;
/** Long enough for start-up to finish; short enough that a restart never skips a day's emails. */
export const FRESHNESS_FIRST_RUN_MS = 60 * 1000;
