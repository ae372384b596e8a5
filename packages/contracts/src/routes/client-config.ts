import { defineRoute } from '../route';

export const getClientConfig = defineRoute({
  method: 'GET',
  path: '/api/config',
  load: async () => {
    const { ClientConfigSchema } = await import('../client-config');
    return {
      tags: ['config'],
      summary: "The deployment's settings the browser needs, such as the map tile server",
      responses: { 200: ClientConfigSchema },
      errors: [429, 500],
    };
  },
});
