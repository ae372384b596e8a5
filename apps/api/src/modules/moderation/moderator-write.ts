import type { Db } from '@locals/db/client';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { refusal } from '../../capabilities/refusals';
import type { MailMessage } from '../../lib/mailer';
import type { userOf } from '../auth';
import { idempotentWrite, type IdempotentWrite, type WriteAnswer } from '../idempotency';
import { enqueueMail, sendAllAfterCommit } from '../outgoing-mail';

export type Moderator = ReturnType<typeof userOf>;

/** Who asks for a write: the moderator, the Idempotency-Key they sent, and their request's log. */
export type Asker = { moderator: Moderator; key: string | undefined; log: FastifyBaseLogger };

/** What a write does with its transaction: the time it is done at, and its emails' queue. */
export type Writing = { now: Date; queueMail: (message: MailMessage) => Promise<void> };

/** The audit log's actor for a moderator's change. */
export const actorOf = (moderator: Moderator) => ({
  actorUserId: moderator.id,
  actor: moderator.email,
});

/** A write's refusal, kept under its Idempotency-Key like any other answer. */
export const refusedAnswer = (status: 404 | 409, message: string) => ({
  status,
  body: refusal(status === 404 ? 'not_found' : 'conflict', message),
});

/**
 * Runs a moderator's write in one transaction, safe to retry (decision 024): a retry with the
 * same Idempotency-Key and request gets the first answer and changes and emails nothing.
 *
 * An email the write owes someone is queued with `queueMail` in the same transaction, so both
 * commit or neither does (decision 026). Only the write that did the work sends it, once, right
 * after the commit; one the mail server refuses stays queued and the timer tries it again, so
 * the write stands and its email is not lost.
 */
export async function moderatorWrite(
  app: FastifyInstance,
  { moderator, key, log }: Asker,
  { operation, request }: { operation: string; request: unknown },
  write: (tx: Db, writing: Writing) => Promise<WriteAnswer>,
): Promise<IdempotentWrite<WriteAnswer>> {
  const { db } = app.database;
  const now = app.now();
  const queued: number[] = [];
  const written = await idempotentWrite(
    db,
    { scope: moderator.id, key, operation, request },
    (tx) =>
      write(tx, {
        now,
        queueMail: async (message) => {
          queued.push(await enqueueMail(tx, message, now));
        },
      }),
  );
  if (written.outcome !== 'done') return written;
  await sendAllAfterCommit({ db, mailer: app.mailer, now: app.now(), log }, queued);
  return written;
}
