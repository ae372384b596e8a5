import { unsubscribeFromNewsletter } from '@locals/contracts/routes/newsletter';
import type { FastifyInstance } from 'fastify';
import { enqueueMail, sendOrWithdraw } from '../outgoing-mail';
import { subscriptionEmail } from './newsletter.email';
import { createNewsletterRepository, normaliseEmail } from './newsletter.repository';

/**
 * Subscribing an address, for the API (the app's form) and for the page form sent without
 * JavaScript alike: the address is on the list, and the first sign-up (or the first after the
 * cool-down) gets an email saying so, with its unsubscribe link.
 */
export function createNewsletterService(app: FastifyInstance) {
  const { db } = app.database;
  const subscribers = createNewsletterRepository(db);
  return {
    subscribers,
    /**
     * The address, its claim on the confirmation and the queued email commit together (decision
     * 026); the email is sent right after. When the mail server refuses it, the sign-up fails
     * with the mail server's error, as it did before the queue (the page form answers 503 and
     * asks to try again, http/page-form.test.ts; the log keeps the error, log-errors.test.ts).
     * So the email is withdrawn and the claim released in one transaction: the timer never sends
     * it after we said the sign-up failed, and the next sign-up sends a new one. A fault of our
     * own after the commit leaves the email to the timer and the sign-up stands.
     */
    async subscribe(email: string): Promise<void> {
      const now = app.now();
      const mailId = await db.transaction(async (tx) => {
        const list = createNewsletterRepository(tx);
        const { unsubscribeToken } = await list.subscribe(email, now);
        if (!(await list.claimConfirmation(email, now))) return null;
        const unsubscribeUrl = `${app.config.publicUrl}${unsubscribeFromNewsletter.path}?token=${unsubscribeToken}`;
        return enqueueMail(tx, subscriptionEmail(normaliseEmail(email), unsubscribeUrl), now);
      });
      if (mailId === null) return;
      const delivery = { db, mailer: app.mailer, now: app.now(), log: app.log };
      const sent = await sendOrWithdraw(delivery, mailId, (tx) =>
        createNewsletterRepository(tx).releaseConfirmation(email),
      );
      // Not withdrawn (sent, or gone after all by another instance's timer): the sign-up stands.
      if (sent.outcome === 'withdrawn') throw sent.error;
    },
  };
}
