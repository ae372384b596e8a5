import { HealthSchema } from '@locals/contracts/health';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { createHealthRepository } from './health.repository';

export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const health = createHealthRepository(app.database.db);

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the API and its database are answering',
        response: { 200: HealthSchema, ...errorResponses(429, 500) },
      },
    },
    async () => {
      await health.ping();
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
  done();
};
