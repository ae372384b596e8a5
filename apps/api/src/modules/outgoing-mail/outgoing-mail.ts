import type { Db } from '@locals/db/client';
import { outgoingMail } from '@locals/db/schema';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { serializeError } from '../../log-errors';

const MINUTE_MS = 60 * 1000;
/** How long after each failed attempt the next comes: 1, 5, 15 and 60 minutes, then hourly. */
const RETRY_DELAYS_MS = [1, 5, 15, 60].map((minutes) => minutes * MINUTE_MS);
/** An email not sent within 3 days of being queued is given up on (and kept, never deleted). */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * MINUTE_MS;
/**
 * A claimed row is not due again for this long, so no other instance takes it while it is being
 * sent; if the instance sending it dies, it is due again once this has passed.
 */
const CLAIM_MS = 15 * MINUTE_MS;
const LAST_ERROR_LENGTH = 1000;

export type MailDelivery = { db: Db; mailer: Mailer; now: Date; log: FastifyBaseLogger };

type OutgoingMailRow = typeof outgoingMail.$inferSelect;

/**
 * Queues an email in the caller's transaction, so it exists exactly when the write it tells
 * someone about committed. Answers its id, for `deliverMail` to send once the commit is done.
 */
export async function enqueueMail(tx: Db, message: MailMessage, now: Date): Promise<number> {
  const [queued] = await tx
    .insert(outgoingMail)
    .values({ message, createdAt: now, nextAttemptAt: now })
    .returning({ id: outgoingMail.id });
  if (!queued) throw new Error('An email could not be queued');
  return queued.id;
}

/** Still waiting and due by `now`. */
const due = (now: Date) =>
  and(
    isNull(outgoingMail.sentAt),
    isNull(outgoingMail.gaveUpAt),
    lte(outgoingMail.nextAttemptAt, now),
  );

/** What claiming a row sets: one more attempt, and not due again until the claim runs out. */
const claim = (now: Date) => ({
  attempts: sql`${outgoingMail.attempts} + 1`,
  nextAttemptAt: new Date(now.getTime() + CLAIM_MS),
});

/**
 * Sends one queued email now, typically right after the transaction that queued it committed.
 * Answers whether it was sent; when it was not, it stays queued for `deliverDueMail`. An email
 * already sent, given up on, or being sent by another instance is left alone.
 */
export async function deliverMail(delivery: MailDelivery, id: number): Promise<boolean> {
  const claimed = await claimOne(delivery, id);
  return claimed ? (await attempt(delivery, claimed)).sent : false;
}

/** Claims one row if it is due; undefined when it is not (sent, given up, or claimed). */
async function claimOne(delivery: MailDelivery, id: number): Promise<OutgoingMailRow | undefined> {
  // One UPDATE both checks and claims: a concurrent one waits for it, then finds it not due.
  const [claimed] = await delivery.db
    .update(outgoingMail)
    .set(claim(delivery.now))
    .where(and(eq(outgoingMail.id, id), due(delivery.now)))
    .returning();
  return claimed;
}

/**
 * What became of an email sent right after the commit of the write that queued it: 'sent';
 * 'refused' by the mail server, with its error (the email stays queued, for `sendOrWithdraw`
 * to withdraw or the timer to try again); or 'queued' when this call did not send it and nobody refused
 * it: another instance had claimed it, or a fault of our own (logged) left it to the timer.
 */
type SentAfterCommit =
  { outcome: 'sent' } | { outcome: 'refused'; error: unknown } | { outcome: 'queued' };

/**
 * `deliverMail` for the write that queued the email, once it has committed. It never throws: the
 * write stands whatever happens here, and an email not sent now is still queued.
 */
async function sendAfterCommit(delivery: MailDelivery, id: number): Promise<SentAfterCommit> {
  try {
    const claimed = await claimOne(delivery, id);
    if (!claimed) return { outcome: 'queued' };
    const attempted = await attempt(delivery, claimed);
    return attempted.sent ? { outcome: 'sent' } : { outcome: 'refused', error: attempted.error };
  } catch (error) {
    delivery.log.error(
      { err: serializeError(error), outgoingMailId: id },
      'could not send a queued email at once; the timer tries again',
    );
    return { outcome: 'queued' };
  }
}

/**
 * Sends the emails a committed write queued, in the order queued; any the mail server refuses
 * stay queued for the timer, so the write stands and its emails still go (decision 026).
 */
export async function sendAllAfterCommit(delivery: MailDelivery, ids: number[]): Promise<void> {
  for (const id of ids) await sendAfterCommit(delivery, id);
}

/**
 * Takes back a queued email not sent yet, in the caller's transaction, for a write undone after
 * its commit because its email could not go at once (a renewed link whose links are deleted):
 * it is never sent, its text and html (with any links) go, and the row is kept as given up on,
 * its last error saying it was withdrawn. Answers false when it was already sent or given up.
 */
async function withdrawMail(tx: Db, id: number, now: Date): Promise<boolean> {
  const withdrawn = await tx
    .update(outgoingMail)
    .set({
      gaveUpAt: now,
      lastError: sql`'withdrawn: ' || coalesce(${outgoingMail.lastError}, 'not sent')`,
      message: sql`${outgoingMail.message} - 'text' - 'html'`,
    })
    .where(and(eq(outgoingMail.id, id), isNull(outgoingMail.sentAt), isNull(outgoingMail.gaveUpAt)))
    .returning({ id: outgoingMail.id });
  return withdrawn.length > 0;
}

/** What became of an email that goes now or not at all (`sendOrWithdraw`). */
export type SentOrWithdrawn =
  { outcome: 'sent' } | { outcome: 'queued' } | { outcome: 'withdrawn'; error: unknown };

/**
 * For an email that must go now or not at all (the caller then reports its write as failed, or
 * its link would be dead by the time the timer sent it): sends it after its write's commit and,
 * when the mail server refuses it, withdraws it and runs `undo` of what only the email made
 * useful, in one transaction, so the timer never sends it. 'withdrawn' carries the mail server's
 * error. An email that had gone after all (another instance's timer) or was left to the timer by
 * a fault of ours answers 'queued', undoing nothing: the write stands.
 */
export async function sendOrWithdraw(
  delivery: MailDelivery,
  id: number,
  undo: (tx: Db) => Promise<void> = async () => {},
): Promise<SentOrWithdrawn> {
  const sent = await sendAfterCommit(delivery, id);
  if (sent.outcome !== 'refused') return sent;
  const withdrawn = await delivery.db.transaction(async (tx) => {
    if (!(await withdrawMail(tx, id, delivery.now))) return false;
    await undo(tx);
    return true;
  });
  return withdrawn ? { outcome: 'withdrawn', error: sent.error } : { outcome: 'queued' };
}

/**
 * Sends the queued emails whose next attempt has come, oldest due first, at most `limit`; run
 * by a timer. Each row is claimed on its own with SKIP LOCKED, so instances sharing one
 * PostgreSQL run this at once without sending a row twice. Answers how many were sent.
 *
 * Sending is at-least-once: an instance that dies after the mail server took an email but
 * before marking it sent (or a send outlasting the claim) means it is sent again later.
 */
export async function deliverDueMail(delivery: MailDelivery, limit = 100): Promise<number> {
  let sent = 0;
  for (let tried = 0; tried < limit; tried += 1) {
    const next = delivery.db
      .select({ id: outgoingMail.id })
      .from(outgoingMail)
      .where(due(delivery.now))
      .orderBy(asc(outgoingMail.nextAttemptAt), asc(outgoingMail.id))
      .limit(1)
      .for('update', { skipLocked: true });
    // The outer conditions again: PostgreSQL rechecks them on the row's latest version.
    const [claimed] = await delivery.db
      .update(outgoingMail)
      .set(claim(delivery.now))
      .where(and(eq(outgoingMail.id, sql`(${next})`), due(delivery.now)))
      .returning();
    if (!claimed) break;
    if ((await attempt(delivery, claimed)).sent) sent += 1;
  }
  return sent;
}

/** Sends a claimed row, then marks it sent, or due again later, or given up on. */
async function attempt(
  { db, mailer, now, log }: MailDelivery,
  row: OutgoingMailRow,
): Promise<{ sent: true } | { sent: false; error: unknown }> {
  const { to, subject, text, html } = row.message;
  try {
    if (text === undefined) throw new Error('A queued email has no text');
    await mailer.send({ to, subject, text, ...(html === undefined ? {} : { html }) });
  } catch (error) {
    await failed({ db, now, log }, row, error);
    return { sent: false, error };
  }
  await db
    .update(outgoingMail)
    .set({
      sentAt: now,
      // Its one-time links need not outlive it here.
      message: sql`${outgoingMail.message} - 'text' - 'html'`,
    })
    .where(eq(outgoingMail.id, row.id));
  return { sent: true };
}

async function failed(
  { db, now, log }: Pick<MailDelivery, 'db' | 'now' | 'log'>,
  row: OutgoingMailRow,
  error: unknown,
): Promise<void> {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(
    0,
    LAST_ERROR_LENGTH,
  );
  const delay = RETRY_DELAYS_MS[Math.min(row.attempts, RETRY_DELAYS_MS.length) - 1]!;
  const nextAttemptAt = new Date(now.getTime() + delay);
  const givingUp = nextAttemptAt.getTime() - row.createdAt.getTime() > GIVE_UP_AFTER_MS;
  await db
    .update(outgoingMail)
    .set({ lastError, nextAttemptAt, ...(givingUp ? { gaveUpAt: now } : {}) })
    .where(eq(outgoingMail.id, row.id));
  const context = {
    err: serializeError(error),
    outgoingMailId: row.id,
    subject: row.message.subject,
    attempts: row.attempts,
  };
  if (givingUp) {
    log.error(context, 'gave up sending an email after 3 days of trying; it is kept unsent');
  } else {
    log.error(
      { ...context, nextAttemptAt: nextAttemptAt.toISOString() },
      'could not send an email; it stays queued and is tried again',
    );
  }
}
