import {
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from '@locals/contracts/routes/newsletter';
import { UnsubscribeQuerySchema } from '@locals/contracts/newsletter';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { createNewsletterService } from './newsletter.service';
import { refusal, refuse } from '../../capabilities/refusals';

/** There is nothing to confirm: the address is subscribed now, and the email says so. */
export const SUBSCRIBED_MESSAGE =
  'Thanks, you are subscribed. We have emailed you to say so, with a link to unsubscribe if you change your mind.';
export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid or has already been used.';

/** Pages of the web app that a clicked email link lands on. */
export const UNSUBSCRIBED_PAGE = '/newsletter/unsubscribed';
export const UNSUBSCRIBE_FAILED_PAGE = '/newsletter/unsubscribe-failed';

const badUnsubscribeLink = refusal('not_found', BAD_UNSUBSCRIBE_LINK);

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const newsletter = createNewsletterService(app);
  const { subscribers } = newsletter;

  app.route({
    ...(await fromContract(subscribeToNewsletter)),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => {
      // The answer is the same whether or not the address was already on the list.
      await newsletter.subscribe(request.body.email);
      return { success: true as const, message: SUBSCRIBED_MESSAGE };
    },
  });

  app.route({
    ...(await fromContract(unsubscribeFromNewsletter)),
    // A link mangled past reading (too long, a control character) is still a link someone
    // clicked: the failure page, or for JSON clients the same 404, never a validation error.
    errorHandler: (error: FastifyError, request, reply) => {
      // Anything else (a rate limit, a bug) is the API's usual answer, from the parent handler.
      if (error.statusCode !== 400) throw error;
      if (wantsJson(request)) {
        void refuse(reply, 404, badUnsubscribeLink);
        return;
      }
      void reply.redirect(UNSUBSCRIBE_FAILED_PAGE, 303);
    },
    handler: async (request, reply) => {
      const parsed = UnsubscribeQuerySchema.safeParse(request.query);
      const unsubscribed = parsed.success
        ? await subscribers.unsubscribe(parsed.data.token, app.now())
        : null;
      if (wantsJson(request)) {
        return unsubscribed
          ? reply.code(200).send({ success: true as const })
          : refuse(reply, 404, badUnsubscribeLink);
      }
      return reply.redirect(unsubscribed ? UNSUBSCRIBED_PAGE : UNSUBSCRIBE_FAILED_PAGE, 303);
    },
  });
};

function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/json');
}
