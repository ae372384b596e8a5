import { getServiceVotes, getVoteBatch, removeVote, setVote } from '@locals/contracts/routes/votes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { requireUser, userOf } from '../auth';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { createVotesRepository } from './votes.repository';
import { refusal, refuse } from '../../capabilities/refusals';

const VOTES_PER_MINUTE = 60;
const serviceNotFound = refusal('not_found', SERVICE_NOT_FOUND);

export const votesRoutes: FastifyPluginAsyncZod = async (app) => {
  const votes = createVotesRepository(app.database.db);

  app.route({
    ...(await fromContract(setVote)),
    preHandler: requireUser,
    config: perPersonRateLimit(VOTES_PER_MINUTE),
    handler: async (request, reply) => {
      const summary = await votes.set(
        request.params.id,
        userOf(request).id,
        request.body.voteType,
        app.now(),
      );
      if (!summary) return refuse(reply, 404, serviceNotFound);
      return summary;
    },
  });

  app.route({
    ...(await fromContract(removeVote)),
    preHandler: requireUser,
    config: perPersonRateLimit(VOTES_PER_MINUTE),
    handler: async (request, reply) => {
      const summary = await votes.remove(request.params.id, userOf(request).id);
      if (!summary) return refuse(reply, 404, serviceNotFound);
      return summary;
    },
  });

  app.route({
    ...(await fromContract(getServiceVotes)),
    handler: async (request, reply) => {
      const [summary] = await votes.summaries([request.params.id], request.user?.id ?? null);
      if (!summary) return refuse(reply, 404, serviceNotFound);
      return summary;
    },
  });

  app.route({
    ...(await fromContract(getVoteBatch)),
    handler: async (request) => ({
      votes: await votes.summaries(request.query.serviceIds, request.user?.id ?? null),
    }),
  });
};
