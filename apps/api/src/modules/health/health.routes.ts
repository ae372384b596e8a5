import { getHealth } from '@locals/contracts/routes/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { createHealthRepository } from './health.repository';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = createHealthRepository(app.database.db);

  app.route({
    ...(await fromContract(getHealth)),
    handler: async () => {
      await health.ping();
      return { status: 'ok' as const, database: app.database.kind };
    },
  });
};
