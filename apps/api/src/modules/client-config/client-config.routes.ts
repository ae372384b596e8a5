import { getClientConfig } from '@locals/contracts/routes/client-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';

export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...(await fromContract(getClientConfig)),
    handler: async (_request, reply) => {
      // Changes only with a redeploy; a short cache saves a round trip on slow connections.
      void reply.header('cache-control', 'public, max-age=300');
      return {
        map: {
          tileUrl: app.config.mapTileUrl,
          tileAttribution: app.config.mapTileAttribution,
        },
      };
    },
  });
};
