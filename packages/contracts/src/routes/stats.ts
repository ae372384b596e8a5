import { defineRoute } from '../route';

export const getPublicStats = defineRoute({
  method: 'GET',
  path: '/api/stats',
  load: async () => {
    const { PublicStatsSchema } = await import('../stats');
    return {
      tags: ['stats'],
      summary: 'Real counts behind the figures the site prints',
      responses: { 200: PublicStatsSchema },
      errors: [429, 500],
    };
  },
});
