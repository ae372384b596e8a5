import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MailMessage } from '../../lib/mailer';
import { newSecretToken, sha256 } from '../../lib/secrets';
import { enqueueMail, sendOrWithdraw } from '../outgoing-mail';
import { accountExistsEmail } from './account-exists-email';
import { createPasswordResetsRepository } from './password-resets.repository';
import { passwordResetEmail } from './reset-email';
import { createUsersRepository } from './users.repository';

/**
 * The emails carrying a new password-reset link: the reset email, and the "you already have an
 * account" email a registration with a known address sends. The link is stored and its email
 * queued in one transaction (decision 026), then sent at once.
 *
 * A reset link works for 30 minutes, but the queue retries for 3 days, so an email the mail
 * server refuses is withdrawn rather than left to the timer, which would deliver a dead link
 * hours later; the mail server's error is thrown for the caller to log, as before the queue
 * (password-reset.test.ts, "answers as usual when the mail server refuses the address"). The
 * person heard only "if an account exists, we've sent a link" and can ask again. The link stays
 * stored as before: it counts towards the hourly cap, and if the mail server took the email after
 * all (a timeout after acceptance), its link still works. A fault of our own after the commit
 * leaves the email to the timer, which tries it a minute later, while the link still works.
 */
export function createResetEmails(app: FastifyInstance) {
  const { db } = app.database;
  const users = createUsersRepository(db);

  /** Stores a new link for the account at `email` and emails `compose`'s message with it. */
  async function sendWithNewLink(
    email: string,
    { now, log }: { now: Date; log: FastifyBaseLogger },
    compose: (to: string, resetUrl: string) => MailMessage,
  ): Promise<void> {
    const user = await users.findAccountByEmail(email);
    if (!user) return;
    const token = newSecretToken();
    const resetUrl = `${app.config.publicUrl}/reset-password?token=${token}`;
    const mailId = await db.transaction(async (tx) => {
      // Null when the person has had their hourly share of emails.
      if (!(await createPasswordResetsRepository(tx).create(sha256(token), user.id, now))) {
        return null;
      }
      return enqueueMail(tx, compose(user.email, resetUrl), now);
    });
    if (mailId === null) return;
    const sent = await sendOrWithdraw({ db, mailer: app.mailer, now: app.now(), log }, mailId);
    if (sent.outcome === 'withdrawn') throw sent.error;
  }

  return {
    /** The reset email, when an account has that address. */
    sendResetLink: (email: string, context: { now: Date; log: FastifyBaseLogger }) =>
      sendWithNewLink(email, context, passwordResetEmail),

    /** Tells the owner of an address someone tried to register with, with a way back in. */
    sendAccountExists: (email: string, context: { now: Date; log: FastifyBaseLogger }) =>
      sendWithNewLink(email, context, (to, resetUrl) =>
        accountExistsEmail(to, resetUrl, `${app.config.publicUrl}/`),
      ),
  };
}
