import { applyToListService } from '@locals/contracts/routes/applications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency';
import { createApplicationsService } from './applications.service';
import { refuse } from '../../capabilities/refusals';

export const APPLICATION_RECEIVED =
  "Thanks, we've received your application. We'll review it and get back to you within 2-3 business days.";

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const applications = createApplicationsService(app);

  app.route({
    ...(await fromContract(applyToListService)),
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const created = await applications.apply(
        request.body,
        request.headers['idempotency-key'],
        request.log,
      );
      if (created.outcome === 'key_reused') return refuse(reply, 422, IDEMPOTENCY_KEY_REUSED);
      // The first request queued the emails; a retry sends none.
      if (created.outcome === 'replayed') markReplayed(reply);
      return reply.code(201).send({
        success: true as const,
        message: APPLICATION_RECEIVED,
        applicationId: created.value.id,
      });
    },
  });
};
