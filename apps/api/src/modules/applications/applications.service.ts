import type { ProviderApplication } from '@locals/contracts/list-service';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IdempotentCreate } from '../idempotency';
import { enqueueMail, sendAllAfterCommit } from '../outgoing-mail';
import { notificationEmail, receiptEmail } from './applications.email';
import { createApplicationsRepository } from './applications.repository';

/**
 * Applications to list a service: stored with their two emails (the applicant's receipt and the
 * Locals team's notification) queued in the same transaction, so both commit or neither does
 * (decision 026), and sent right after the commit.
 */
export function createApplicationsService(app: FastifyInstance) {
  const { db } = app.database;
  return {
    /**
     * Stores the application; a repeat with the same Idempotency-Key finds the first and queues
     * nothing, since its emails went with the first (applications.test.ts). An email the mail
     * server refuses stays queued and the timer tries it again: the application stands.
     */
    async apply(
      application: ProviderApplication,
      idempotencyKey: string | undefined,
      log: FastifyBaseLogger,
    ): Promise<IdempotentCreate<{ id: string }>> {
      const now = app.now();
      const queued: number[] = [];
      const created = await db.transaction(async (tx) => {
        const stored = await createApplicationsRepository(tx).create(application, idempotencyKey);
        if (stored.outcome !== 'created') return stored;
        const { id } = stored.value;
        queued.push(await enqueueMail(tx, receiptEmail(application, id), now));
        const notification = notificationEmail(app.config.adminEmail, application, id);
        queued.push(await enqueueMail(tx, notification, now));
        return stored;
      });
      await sendAllAfterCommit({ db, mailer: app.mailer, now: app.now(), log }, queued);
      return created;
    },
  };
}
