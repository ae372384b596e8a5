import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../votes')),
  ...(await import('../search')),
});
const tags = ['votes'];

export const setVote = defineRoute({
  method: 'PUT',
  path: '/api/services/:id/vote',
  load: async () => {
    const { CastVoteSchema, ServiceIdParamsSchema, VoteSummarySchema } = await schemas();
    return {
      tags,
      summary:
        "Set the signed-in person's vote to thumbs up or down, whatever it was (idempotent: repeating it changes nothing; DELETE removes it)",
      params: ServiceIdParamsSchema,
      body: CastVoteSchema,
      responses: { 200: VoteSummarySchema },
      errors: [400, 401, 403, 404, 413, 415, 429, 500],
    };
  },
});

export const removeVote = defineRoute({
  method: 'DELETE',
  path: '/api/services/:id/vote',
  load: async () => {
    const { ServiceIdParamsSchema, VoteSummarySchema } = await schemas();
    return {
      tags,
      summary: "Remove the signed-in person's vote on a service (idempotent: no vote is fine too)",
      params: ServiceIdParamsSchema,
      responses: { 200: VoteSummarySchema },
      errors: [400, 401, 403, 404, 429, 500],
    };
  },
});

export const getServiceVotes = defineRoute({
  method: 'GET',
  path: '/api/services/:id/votes',
  load: async () => {
    const { ServiceIdParamsSchema, VoteSummarySchema } = await schemas();
    return {
      tags,
      summary: "A service's thumbs up and down, and the signed-in person's own vote",
      params: ServiceIdParamsSchema,
      responses: { 200: VoteSummarySchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const getVoteBatch = defineRoute({
  method: 'GET',
  path: '/api/votes',
  load: async () => {
    const { VoteBatchQuerySchema, VoteBatchResponseSchema } = await schemas();
    return {
      tags,
      summary:
        'Votes for up to 100 services at once (a page of result cards); unknown ids are left out',
      query: VoteBatchQuerySchema,
      responses: { 200: VoteBatchResponseSchema },
      errors: [400, 429, 500],
    };
  },
});
