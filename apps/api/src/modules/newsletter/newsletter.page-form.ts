import { EmailSchema } from '@locals/contracts/newsletter';
import { NEWSLETTER_FORM_PATH, NEWSLETTER_SUBSCRIBED_PATH } from '@locals/contracts/page-forms';
import type { SubmittedForm } from '@locals/contracts/page-forms';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formField, registerPageForms } from '../../http/page-form';
import { RequestFieldError } from '../../capabilities/refusals';
import { createNewsletterService } from './newsletter.service';

export const NEWSLETTER_FAILED =
  'Sorry, we could not subscribe you just now. Your address is still in the box: please try again in a few minutes.';
export const NEWSLETTER_TOO_MANY =
  'There have been too many sign-ups from your connection in the last minute. Wait a minute, then try again.';

/**
 * The newsletter form without JavaScript (decision 036): subscribes and goes on to the outcome
 * page, or shows the newsletter page again with what was typed and what went wrong. The address
 * is never put in a URL. Only where pages are served (the web plugin's `sendPage`).
 */
export const newsletterPageForm: FastifyPluginAsync = async (app) => {
  if (!app.hasDecorator('sendPage')) return;
  const newsletter = createNewsletterService(app);
  const formPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    errors: SubmittedForm['errors'],
  ) =>
    app.sendPage(request, reply, {
      path: NEWSLETTER_FORM_PATH,
      status,
      form: { form: 'newsletter', values: { email: formField(request.body, 'email') }, errors },
    });

  await registerPageForms(app, (forms) => {
    forms.post(NEWSLETTER_FORM_PATH, {
      schema: { hide: true },
      // The API's limit for the same sign-up (page routes are otherwise left out of rate
      // limits), counted once the body is read, so the page can give back what was typed.
      config: {
        rateLimit: { max: 10, timeWindow: '1 minute', allowList: () => false, hook: 'preHandler' },
      },
      // A refusal before the handler (too many sign-ups, a control character) is the form's
      // page again, saying what to do; anything else is the API's usual answer.
      errorHandler: (error: FastifyError, request, reply) => {
        if (error.statusCode === 429) {
          void formPage(request, reply, 429, { form: NEWSLETTER_TOO_MANY });
          return;
        }
        if (error instanceof RequestFieldError) {
          void formPage(request, reply, 400, { email: error.body.message });
          return;
        }
        throw error;
      },
      handler: async (request, reply) => {
        const parsed = EmailSchema.safeParse(formField(request.body, 'email'));
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'Please enter a valid email address';
          return formPage(request, reply, 400, { email: message });
        }
        try {
          await newsletter.subscribe(parsed.data);
        } catch (error) {
          request.log.error({ err: error }, 'newsletter sign-up from a page form failed');
          return formPage(request, reply, 503, { form: NEWSLETTER_FAILED });
        }
        return reply.redirect(NEWSLETTER_SUBSCRIBED_PATH, 303);
      },
    });
  });
};
