import { SiteViewsSchema } from '@locals/contracts/site-views';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { londonDay } from './london-day';
import { createSiteViewsRepository } from './site-views.repository';

export const siteViewsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const siteViews = createSiteViewsRepository(app.database.db);

  app.get(
    '/api/site-views',
    {
      schema: {
        tags: ['site views'],
        summary: 'Visits counted so far and today (Europe/London day)',
        response: { 200: SiteViewsSchema, ...errorResponses(429, 500) },
      },
    },
    async () => siteViews.read(londonDay(app.now())),
  );

  app.post(
    '/api/site-views/increment',
    {
      // Limited per IP so the public counter cannot be pumped from one machine.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['site views'],
        summary: 'Count one visit and return the new figures',
        response: { 200: SiteViewsSchema, ...errorResponses(403, 429, 500) },
      },
    },
    async () => {
      const now = app.now();
      return siteViews.increment(londonDay(now), now);
    },
  );
  done();
};
