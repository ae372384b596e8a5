import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../newsletter')),
  ...(await import('../engagement-common')),
});
const tags = ['newsletter'];

export const subscribeToNewsletter = defineRoute({
  method: 'POST',
  path: '/api/newsletter/subscribe',
  load: async () => {
    const { SubscribeRequestSchema, SubscribeResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Subscribe an email address to the newsletter',
      body: SubscribeRequestSchema,
      responses: { 200: SubscribeResponseSchema },
      errors: [400, 403, 413, 415, 429, 500],
    };
  },
});

/**
 * The link in every newsletter email, which a browser follows: it answers a redirect to a page
 * of the web app, even for a link mangled past reading (so never 400).
 */
export const unsubscribeFromNewsletter = defineRoute({
  method: 'GET',
  path: '/api/newsletter/unsubscribe',
  load: async () => {
    const { SuccessResponseSchema, UnsubscribeLinkQuerySchema, UnsubscribeRedirectSchema } =
      await schemas();
    return {
      tags,
      summary: 'Unsubscribe with the link from a newsletter email',
      description:
        'Browsers are redirected (303) to a confirmation or failure page. ' +
        'Clients that send Accept: application/json get 200 or 404 instead.',
      query: UnsubscribeLinkQuerySchema,
      responses: { 200: SuccessResponseSchema, 303: UnsubscribeRedirectSchema },
      errors: [404, 429, 500],
    };
  },
});
