import { unsubscribeFromNewsletter } from '@locals/contracts/routes/newsletter';
import type { FastifyInstance } from 'fastify';
import { subscriptionEmail } from './newsletter.email';
import { createNewsletterRepository, normaliseEmail } from './newsletter.repository';

/**
 * Subscribing an address, for the API (the app's form) and for the page form sent without
 * JavaScript alike: the address is on the list, and the first sign-up (or the first after the
 * cool-down) gets an email saying so, with its unsubscribe link.
 */
export function createNewsletterService(app: FastifyInstance) {
  const subscribers = createNewsletterRepository(app.database.db);
  return {
    subscribers,
    async subscribe(email: string): Promise<void> {
      const now = app.now();
      const { unsubscribeToken } = await subscribers.subscribe(email, now);
      if (!(await subscribers.claimConfirmation(email, now))) return;
      const unsubscribeUrl = `${app.config.publicUrl}${unsubscribeFromNewsletter.path}?token=${unsubscribeToken}`;
      try {
        await app.mailer.send(subscriptionEmail(normaliseEmail(email), unsubscribeUrl));
      } catch (error) {
        // The next sign-up tries the email again.
        await subscribers.releaseConfirmation(email);
        throw error;
      }
    },
  };
}
