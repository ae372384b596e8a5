import { getPublicStats } from '@locals/contracts/routes/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { createStatsRepository } from './stats.repository';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stats = createStatsRepository(app.database.db);

  app.route({
    ...(await fromContract(getPublicStats)),
    handler: async () => stats.read(),
  });
};
