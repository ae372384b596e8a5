import { ServiceIdParamsSchema } from '@locals/contracts/search';
import {
  CastVoteSchema,
  VoteBatchQuerySchema,
  VoteBatchResponseSchema,
  VoteSummarySchema,
} from '@locals/contracts/votes';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { createVotesRepository } from './votes.repository';

const VOTES_PER_MINUTE = 60;
const serviceNotFound = { code: 'not_found', message: SERVICE_NOT_FOUND };

export const votesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const votes = createVotesRepository(app.database.db);

  app.put(
    '/api/services/:id/vote',
    {
      preHandler: requireUser,
      config: perPersonRateLimit(VOTES_PER_MINUTE),
      schema: {
        tags: ['votes'],
        summary:
          "Set the signed-in person's vote to thumbs up or down, whatever it was (idempotent: repeating it changes nothing; DELETE removes it)",
        params: ServiceIdParamsSchema,
        body: CastVoteSchema,
        response: {
          200: VoteSummarySchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const summary = await votes.set(
        request.params.id,
        request.user!.id,
        request.body.voteType,
        app.now(),
      );
      if (!summary) return reply.code(404).send(serviceNotFound);
      return summary;
    },
  );

  app.delete(
    '/api/services/:id/vote',
    {
      preHandler: requireUser,
      config: perPersonRateLimit(VOTES_PER_MINUTE),
      schema: {
        tags: ['votes'],
        summary:
          "Remove the signed-in person's vote on a service (idempotent: no vote is fine too)",
        params: ServiceIdParamsSchema,
        response: { 200: VoteSummarySchema, ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const summary = await votes.remove(request.params.id, request.user!.id);
      if (!summary) return reply.code(404).send(serviceNotFound);
      return summary;
    },
  );

  app.get(
    '/api/services/:id/votes',
    {
      schema: {
        tags: ['votes'],
        summary: "A service's thumbs up and down, and the signed-in person's own vote",
        params: ServiceIdParamsSchema,
        response: { 200: VoteSummarySchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const [summary] = await votes.summaries([request.params.id], request.user?.id ?? null);
      if (!summary) return reply.code(404).send(serviceNotFound);
      return summary;
    },
  );

  app.get(
    '/api/votes',
    {
      schema: {
        tags: ['votes'],
        summary:
          'Votes for up to 100 services at once (a page of result cards); unknown ids are left out',
        querystring: VoteBatchQuerySchema,
        response: { 200: VoteBatchResponseSchema, ...errorResponses(400, 429, 500) },
      },
    },
    async (request) => ({
      votes: await votes.summaries(request.query.serviceIds, request.user?.id ?? null),
    }),
  );
  done();
};
