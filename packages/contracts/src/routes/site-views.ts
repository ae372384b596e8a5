import { defineRoute } from '../route';

const schemas = () => import('../site-views');
const tags = ['site views'];

export const getSiteViews = defineRoute({
  method: 'GET',
  path: '/api/site-views',
  load: async () => {
    const { SiteViewsSchema } = await schemas();
    return {
      tags,
      summary: 'Visits counted so far and today (Europe/London day)',
      responses: { 200: SiteViewsSchema },
      errors: [429, 500],
    };
  },
});

export const incrementSiteViews = defineRoute({
  method: 'POST',
  path: '/api/site-views/increment',
  load: async () => {
    const { SiteViewsSchema } = await schemas();
    return {
      tags,
      summary: 'Count one visit and return the new figures',
      responses: { 200: SiteViewsSchema },
      errors: [403, 429, 500],
    };
  },
});
