import { applyToListService } from '@locals/contracts/routes/applications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency';
import { notificationEmail, receiptEmail } from './applications.email';
import { createApplicationsRepository } from './applications.repository';
import { refuse } from '../../capabilities/refusals';

export const APPLICATION_RECEIVED =
  "Thanks, we've received your application. We'll review it and get back to you within 2-3 business days.";

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const applications = createApplicationsRepository(app.database.db);

  app.route({
    ...(await fromContract(applyToListService)),
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const application = request.body;
      const created = await applications.create(application, request.headers['idempotency-key']);
      if (created.outcome === 'key_reused') return refuse(reply, 422, IDEMPOTENCY_KEY_REUSED);
      const { id } = created.value;
      if (created.outcome === 'replayed') {
        // The first request sent the emails; a retry must not send them again.
        markReplayed(reply);
      } else {
        try {
          await app.mailer.send(receiptEmail(application, id));
          await app.mailer.send(notificationEmail(app.config.adminEmail, application, id));
        } catch (error) {
          // The application is safely stored; failing the request now would only invite a duplicate.
          request.log.error({ err: error, applicationId: id }, 'could not send application emails');
        }
      }
      return reply
        .code(201)
        .send({ success: true as const, message: APPLICATION_RECEIVED, applicationId: id });
    },
  });
};
