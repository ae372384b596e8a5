import { defineRoute } from '../route';

export const listHelplines = defineRoute({
  method: 'GET',
  path: '/api/helplines',
  load: async () => {
    const { HelplinesQuerySchema, HelplinesResponseSchema } = await import('../helplines');
    return {
      tags: ['services'],
      summary:
        "National helplines, each checked on the organisation's own page: those that fit a need (keyword), a category and the postcode's nation, with the crisis lines when the keyword signals a risk to life",
      query: HelplinesQuerySchema,
      responses: { 200: HelplinesResponseSchema },
      errors: [400, 404, 429, 500],
    };
  },
});
