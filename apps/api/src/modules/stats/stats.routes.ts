import { PublicStatsSchema } from '@locals/contracts/stats';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { createStatsRepository } from './stats.repository';

export const statsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const stats = createStatsRepository(app.database.db);

  app.get(
    '/api/stats',
    {
      schema: {
        tags: ['stats'],
        summary: 'Real counts behind the figures the site prints',
        response: { 200: PublicStatsSchema, ...errorResponses(429, 500) },
      },
    },
    async () => stats.read(),
  );
  done();
};
