import { IdempotencyKeyHeadersSchema } from '@locals/contracts/engagement-common';
import { ProviderApplicationSchema } from '@locals/contracts/list-service';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency/idempotent-create';
import { notificationEmail, receiptEmail } from './applications.email';
import { createApplicationsRepository } from './applications.repository';

export const APPLICATION_RECEIVED =
  "Thanks, we've received your application. We'll review it and get back to you within 2-3 business days.";

// Not in @locals/contracts yet: the spec 7 answer to POST /api/service-providers/apply.
export const ApplicationReceivedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  applicationId: z.uuid(),
});

export const applicationsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const applications = createApplicationsRepository(app.database.db);

  app.post(
    '/api/service-providers/apply',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['service providers'],
        summary: 'Apply to have a service listed',
        description:
          'Send an Idempotency-Key (a UUID made once per application) to retry safely: a repeat with the same email answers the first application, with Idempotent-Replayed: true, and neither stores nor emails it again.',
        headers: IdempotencyKeyHeadersSchema,
        body: ProviderApplicationSchema,
        response: {
          201: ApplicationReceivedSchema,
          ...errorResponses(400, 403, 413, 415, 422, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const application = request.body;
      const created = await applications.create(application, request.headers['idempotency-key']);
      if (created.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
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
  );
  done();
};
