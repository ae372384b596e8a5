import type { Db } from '@locals/db/client';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { oneTimeLinks } from '../listings';
import { freshnessNudgeEmail } from './providers.email';
import { providersRepository as providers } from './providers.repository';
import { enqueueMail, sendOrWithdraw } from '../outgoing-mail';

export type FreshnessNudges = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
  log: FastifyBaseLogger;
  /** At most this many emails a run; the rest go in the next run. */
  limit?: number;
};

/** Freshness reminders are looked for every hour. */
export const FRESHNESS_EVERY_MS = 60 * 60 * 1000;
/** Long enough for start-up to finish; short enough that a restart never skips a day's emails. */
export const FRESHNESS_FIRST_RUN_MS = 60 * 1000;

/**
 * The "is it still correct?" email about one listing, with its two new one-time links ("Still
 * correct" and "Something has changed"), issued in the caller's transaction: sent at 11 months,
 * and again when the person asks for new links in place of expired ones.
 */
export async function freshnessNudge(
  tx: Db,
  listing: { serviceId: string; name: string; lastChecked: string | null; to: string },
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<{ mail: MailMessage; tokens: string[] }> {
  const link = { serviceId: listing.serviceId, email: listing.to, now };
  const stillCorrectToken = await oneTimeLinks.issue(tx, { ...link, purpose: 'still-correct' });
  const somethingChangedToken = await oneTimeLinks.issue(tx, {
    ...link,
    purpose: 'something-changed',
  });
  const mail = freshnessNudgeEmail({
    to: listing.to,
    name: listing.name,
    lastChecked: listing.lastChecked,
    publicUrl,
    stillCorrectToken,
    somethingChangedToken,
  });
  return { mail, tokens: [stillCorrectToken, somethingChangedToken] };
}

/**
 * Asks whoever runs a listing, 11 months after its last check, whether it is still correct
 * (decision 024): one email with a "Still correct" link and a "Something has changed" link. Demo
 * listings and listings nobody has checked through Locals are never asked. A listing is marked
 * nudged, its links issued and its email queued in one transaction, so of several instances
 * sharing the database only the one whose mark took emails it; the email is sent right after
 * the commit, and if this process dies before sending, the queue's timer sends it.
 *
 * When the mail server refuses it, the queued email is withdrawn and the mark cleared together,
 * so the next hourly run sends a new one (with new links) and the queue never sends the old one
 * too: one email per check, as decision 024 and freshness.test.ts ("tries again next run") pin.
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
  const due = await providers.dueForNudge(db, { now, limit });
  let sent = 0;
  for (const listing of due) {
    const mailId = await db.transaction(async (tx) => {
      // Another instance took it between the select and now.
      if (!(await providers.markNudged(tx, listing.id, now))) return null;
      const { mail } = await freshnessNudge(
        tx,
        {
          serviceId: listing.id,
          name: listing.name,
          lastChecked: listing.reviewDate,
          to: listing.recipient,
        },
        { now, publicUrl },
      );
      return enqueueMail(tx, mail, now);
    });
    if (mailId === null) continue;
    const { outcome } = await sendOrWithdraw({ db, mailer, now, log }, mailId, (tx) =>
      providers.clearNudge(tx, listing.id, now),
    );
    if (outcome === 'sent') sent += 1;
    if (outcome === 'withdrawn') {
      log.error(
        { serviceId: listing.id, outgoingMailId: mailId },
        'could not send a listing freshness email; it is withdrawn and the next run tries again',
      );
    }
  }
  return sent;
}

/** Runs the freshness emails every hour on the app's scheduler, which logs a run that fails. */
export function scheduleFreshnessNudges(app: FastifyInstance): void {
  // Tests call sendFreshnessNudges with their own clock instead.
  if (app.config.nodeEnv === 'test') return;
  app.scheduler.every({
    name: 'listing-freshness',
    everyMs: FRESHNESS_EVERY_MS,
    firstAfterMs: FRESHNESS_FIRST_RUN_MS,
    run: () =>
      sendFreshnessNudges({
        db: app.database.db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        now: app.now(),
        log: app.log,
      }),
  });
}
