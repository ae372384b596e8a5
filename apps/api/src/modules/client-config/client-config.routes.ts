import { ClientConfigSchema } from '@locals/contracts/client-config';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';

export const clientConfigRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: "The deployment's settings the browser needs, such as the map tile server",
        response: { 200: ClientConfigSchema, ...errorResponses(429, 500) },
      },
    },
    async (_request, reply) => {
      // Changes only with a redeploy; a short cache saves a round trip on slow connections.
      void reply.header('cache-control', 'public, max-age=300');
      return {
        map: {
          tileUrl: app.config.mapTileUrl,
          tileAttribution: app.config.mapTileAttribution,
        },
      };
    },
  );
  done();
};
