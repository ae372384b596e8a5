import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_S,
  COOKIE_CHOICE_PATH,
  COOKIE_CHOICES,
  COOKIE_MESSAGE_CLOSED_COOKIE,
  localReturnPath,
} from '@locals/contracts/page-forms';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { registerPageForms } from '../../http/page-form';
import { RequestFieldError } from '../../capabilities/refusals';

const CookieChoiceFormSchema = z.object({
  choice: z.enum(COOKIE_CHOICES),
  /** The page the form was sent from, to go back to. */
  returnTo: z.string().max(2000).optional(),
});

const CHOOSE = 'Choose Reject, Accept All or Close.';

/**
 * The cookie message's buttons without JavaScript (decision 036): the same cookies the app
 * writes, then back to the page. Nothing is stored on the server.
 */
export const cookieChoiceRoutes: FastifyPluginAsync = async (app) => {
  await registerPageForms(app, (forms) => {
    forms.post(COOKIE_CHOICE_PATH, { schema: { hide: true } }, async (request, reply) => {
      const parsed = CookieChoiceFormSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new RequestFieldError({
          code: 'validation_error',
          message: CHOOSE,
          fieldErrors: { choice: [CHOOSE] },
        });
      }
      const { choice, returnTo } = parsed.data;
      // Readable by the page's script, as the app's own choice is: the app reads it too.
      const cookie = {
        path: '/',
        sameSite: 'lax' as const,
        secure: app.config.auth.secureCookie,
        httpOnly: false,
      };
      if (choice === 'closed') void reply.setCookie(COOKIE_MESSAGE_CLOSED_COOKIE, '1', cookie);
      else
        void reply.setCookie(CONSENT_COOKIE, choice, {
          ...cookie,
          maxAge: CONSENT_COOKIE_MAX_AGE_S,
        });
      return reply.redirect(localReturnPath(returnTo), 303);
    });
  });
};
