import {
  listPendingEvents,
  publishEvent,
  refuseEvent,
} from '@locals/contracts/routes/organiser-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { requireModerator } from '../auth';
import { answerWrite, moderatorRead } from '../moderation';
import { createEventModeration } from './event-moderation.service';

/** Moderators' queue of events organisers sent, and publishing or refusing each (decision 038). */
export const eventModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderation = createEventModeration(app);

  app.route({
    ...(await fromContract(listPendingEvents)),
    preHandler: moderatorRead,
    handler: async () => moderation.pending(),
  });

  app.route({
    ...(await fromContract(publishEvent)),
    preHandler: requireModerator,
    handler: async (request, reply) =>
      answerWrite(request, reply, (asker) => moderation.publish(asker, request.params.id)),
  });

  app.route({
    ...(await fromContract(refuseEvent)),
    preHandler: requireModerator,
    handler: async (request, reply) =>
      answerWrite(request, reply, (asker) =>
        moderation.refuse(asker, request.params.id, request.body),
      ),
  });
};
