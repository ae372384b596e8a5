import { getSiteViews, incrementSiteViews } from '@locals/contracts/routes/site-views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { londonDay } from '../../capabilities/london-time';
import { createSiteViewsRepository } from './site-views.repository';

export const siteViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const siteViews = createSiteViewsRepository(app.database.db);

  app.route({
    ...(await fromContract(getSiteViews)),
    handler: async () => siteViews.read(londonDay(app.now())),
  });

  app.route({
    ...(await fromContract(incrementSiteViews)),
    // Limited per IP so the public counter cannot be pumped from one machine.
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async () => {
      const now = app.now();
      return siteViews.increment(londonDay(now), now);
    },
  });
};
