import { defineRoute } from '../route';

export const getHealth = defineRoute({
  method: 'GET',
  path: '/api/health',
  load: async () => {
    const { HealthSchema } = await import('../health');
    return {
      tags: ['health'],
      summary: 'Whether the API and its database are answering',
      responses: { 200: HealthSchema },
      errors: [429, 500],
    };
  },
});
