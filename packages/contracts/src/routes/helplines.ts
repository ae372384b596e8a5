import { defineRoute } from '../route';

export const listHelplines = defineRoute({
  method: 'GET',
  path: '/api/helplines',
  load: async () => {
    const { HelplinesQuerySchema, HelplinesResponseSchema } = await import('../helplines');
    return {
      tags: ['services'],
      summary:
        "National helplines, each checked on the organisation's own page; optionally for one category",
      query: HelplinesQuerySchema,
      responses: { 200: HelplinesResponseSchema },
      errors: [400, 429, 500],
    };
  },
});
