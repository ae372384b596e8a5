import {
  approveApplication,
  getApplication,
  rejectApplication,
} from '@locals/contracts/routes/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusal, refuse } from '../../capabilities/refusals';
import { fromContract } from '../../http/contract-route';
import { requireModerator } from '../auth';
import { createApplicationDecisions, NO_SUCH_APPLICATION } from './application-decisions.service';
import { moderatorRead } from './moderator-read';
import { answerWrite } from './write-reply';

/** Moderators look at one application and approve it (making its listing) or reject it. */
export const applicationDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const decisions = createApplicationDecisions(app);

  app.route({
    ...(await fromContract(getApplication)),
    preHandler: moderatorRead,
    handler: async (request, reply) => {
      const detail = await decisions.detail(request.params.id);
      return detail ?? refuse(reply, 404, refusal('not_found', NO_SUCH_APPLICATION));
    },
  });

  app.route({
    ...(await fromContract(approveApplication)),
    preHandler: requireModerator,
    handler: async (request, reply) =>
      answerWrite(request, reply, (asker) =>
        decisions.approve(asker, request.params.id, request.body),
      ),
  });

  app.route({
    ...(await fromContract(rejectApplication)),
    preHandler: requireModerator,
    handler: async (request, reply) =>
      answerWrite(request, reply, (asker) =>
        decisions.reject(asker, request.params.id, request.body),
      ),
  });
};
