import { getHealth } from '@locals/contracts/routes/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...(await fromContract(getHealth)),
    handler: async () => {
      // Not a query through the pool: on PGlite it would wait behind every search (decision 016).
      await app.database.ping();
      return { status: 'ok' as const, database: app.database.kind };
    },
  });
};
