import { decideSuggestion, listEscalatedSuggestions } from '@locals/contracts/routes/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { requireModerator } from '../auth';
import { moderatorRead } from './moderator-read';
import { createSuggestionDecisions } from './suggestion-decisions.service';
import { answerWrite } from './write-reply';

/** Suggestions nobody else will answer (unclaimed listing, or 5 business days): moderators decide. */
export const suggestionDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const decisions = createSuggestionDecisions(app);

  app.route({
    ...(await fromContract(listEscalatedSuggestions)),
    preHandler: moderatorRead,
    handler: async () => {
      const escalated = await decisions.escalated();
      return { suggestions: escalated, total: escalated.length };
    },
  });

  app.route({
    ...(await fromContract(decideSuggestion)),
    preHandler: requireModerator,
    handler: async (request, reply) =>
      answerWrite(request, reply, (asker) =>
        decisions.decide(asker, request.params.id, request.body),
      ),
  });
};
