import type { Db } from '@locals/db/client';
import { serializeError } from '../../log-errors';
import { deliverMail, withdrawMail, type MailDelivery } from '../outgoing-mail';

/** The module's one door to the outgoing mail queue (decision 026). */
export { enqueueMail } from '../outgoing-mail';

/**
 * What became of an email queued in a write's transaction (decision 026) and sent right after
 * its commit: 'sent'; 'refused' by the mail server (it is still queued, for the caller to
 * withdraw or leave to the timer); or 'queued' after a fault of our own, which leaves it to the
 * timer, so the write stands and its email still goes.
 */
export type SentAtOnce = 'sent' | 'refused' | 'queued';

export async function sendAtOnce(delivery: MailDelivery, id: number): Promise<SentAtOnce> {
  try {
    return (await deliverMail(delivery, id)) ? 'sent' : 'refused';
  } catch (error) {
    delivery.log.error(
      { err: serializeError(error), outgoingMailId: id },
      'could not send a queued email at once; the timer tries again',
    );
    return 'queued';
  }
}

/**
 * Withdraws a queued email the mail server refused and undoes, in the same transaction, what
 * its write did that only the email made useful, so a later try makes a new one and the queue
 * never sends the old one too. Answers false, undoing nothing, when the email had gone after
 * all (another instance's timer sent it meanwhile).
 */
export async function withdrawUnsent(
  db: Db,
  { id, now }: { id: number; now: Date },
  undo: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await withdrawMail(tx, id, now))) return false;
    await undo(tx);
    return true;
  });
}
