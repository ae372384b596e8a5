import { ApiErrorSchema } from '@locals/contracts/errors';
import {
  SubscribeRequestSchema,
  SubscribeResponseSchema,
  UnsubscribeQuerySchema,
} from '@locals/contracts/newsletter';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import { subscriptionEmail } from './newsletter.email';
import { createNewsletterRepository, normaliseEmail } from './newsletter.repository';

/** There is nothing to confirm: the address is subscribed now, and the email says so. */
export const SUBSCRIBED_MESSAGE =
  'Thanks, you are subscribed. We have emailed you to say so, with a link to unsubscribe if you change your mind.';
export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid or has already been used.';

/** Pages of the web app that a clicked email link lands on. */
export const UNSUBSCRIBED_PAGE = '/newsletter/unsubscribed';
export const UNSUBSCRIBE_FAILED_PAGE = '/newsletter/unsubscribe-failed';

// Lenient on purpose: a mangled link from an email client should land on the "link not valid"
// page, not on a JSON validation error. UnsubscribeQuerySchema decides whether it is usable.
const UnsubscribeLinkQuerySchema = z.object({ token: z.string().max(200).optional() });

export const newsletterRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const subscribers = createNewsletterRepository(app.database.db);

  app.post(
    '/api/newsletter/subscribe',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address to the newsletter',
        body: SubscribeRequestSchema,
        response: { 200: SubscribeResponseSchema, ...errorResponses(400, 403, 413, 415, 429, 500) },
      },
    },
    async (request) => {
      const { email } = request.body;
      const now = app.now();
      const { unsubscribeToken } = await subscribers.subscribe(email, now);
      // The answer is the same whether or not the address was already on the list.
      if (await subscribers.claimConfirmation(email, now)) {
        const unsubscribeUrl = `${app.config.publicUrl}/api/newsletter/unsubscribe?token=${unsubscribeToken}`;
        try {
          await app.mailer.send(subscriptionEmail(normaliseEmail(email), unsubscribeUrl));
        } catch (error) {
          await subscribers.releaseConfirmation(email);
          throw error;
        }
      }
      return { success: true as const, message: SUBSCRIBED_MESSAGE };
    },
  );

  app.get(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe with the link from a newsletter email',
        description:
          'Browsers are redirected (303) to a confirmation or failure page. ' +
          'Clients that send Accept: application/json get 200 or 404 instead.',
        querystring: UnsubscribeLinkQuerySchema,
        response: {
          200: z.object({ success: z.literal(true) }),
          303: z.null().describe('Redirect to the web page that tells the person the outcome'),
          404: ApiErrorSchema,
          ...errorResponses(429, 500),
        },
      },
      // A link mangled past reading (too long, a control character) is still a link someone
      // clicked: the failure page, or for JSON clients the same 404, never a validation error.
      errorHandler: (error: FastifyError, request, reply) => {
        // Anything else (a rate limit, a bug) is the API's usual answer, from the parent handler.
        if (error.statusCode !== 400) throw error;
        if (wantsJson(request)) {
          void reply.code(404).send({ code: 'not_found', message: BAD_UNSUBSCRIBE_LINK });
          return;
        }
        void reply.redirect(UNSUBSCRIBE_FAILED_PAGE, 303);
      },
    },
    async (request, reply) => {
      const parsed = UnsubscribeQuerySchema.safeParse(request.query);
      const unsubscribed = parsed.success
        ? await subscribers.unsubscribe(parsed.data.token, app.now())
        : null;
      if (wantsJson(request)) {
        return unsubscribed
          ? reply.code(200).send({ success: true as const })
          : reply.code(404).send({ code: 'not_found', message: BAD_UNSUBSCRIBE_LINK });
      }
      return reply.redirect(unsubscribed ? UNSUBSCRIBED_PAGE : UNSUBSCRIBE_FAILED_PAGE, 303);
    },
  );
  done();
};

function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/json');
}
