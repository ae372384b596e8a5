import type { SubmittedForm } from '@locals/contracts/page-forms';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_REFUSAL, isOwnOrigin } from '../plugins/csrf';
import { refuse } from '../capabilities/refusals';

/** Renders a page of the web app in answer to this request, with a form sent back to it. */
export type SendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  page: { path: string; status: number; form: SubmittedForm },
) => Promise<FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by the web plugin where there is a web build: pages are served. */
    sendPage: SendPage;
  }
}

/** The longest form a page sends (a listing, with its description) is well within this. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Routes for the forms a page sends without JavaScript (decision 036), in a context of their
 * own. A plain form cannot carry the API's custom header (plugins/csrf.ts), so instead the
 * browser must say the request came from our own pages: Sec-Fetch-Site, or where a browser does
 * not send it, Origin. A form on another site can change nothing. The body is
 * `application/x-www-form-urlencoded`, which only these routes accept.
 */
export async function registerPageForms(
  app: FastifyInstance,
  routes: (forms: FastifyInstance) => void,
): Promise<void> {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  await app.register((forms, _options, done) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    forms.addHook('onRequest', (request, reply, next) => {
      // An /api address reaching a page route (the web plugin's catch-all) is a 404 there.
      if (isFromOurPages(request, publicOrigin) || isApiPath(request.url)) return next();
      void refuse(reply, 403, CSRF_REFUSAL);
    });
    routes(forms);
    done();
  });
}

/**
 * Whether the browser says the form was sent from one of our pages. Every current browser sends
 * Sec-Fetch-Site; one that does not still sends Origin with a POST. Neither: refused.
 */
function isFromOurPages(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  return request.headers.origin !== undefined && isOwnOrigin(request, publicOrigin);
}

export function isApiPath(url: string): boolean {
  return /^\/api(\/|\?|$)/.test(url);
}

/** A text field of a form body, as sent (cut to a length no field needs), or empty. */
export function formField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, 1000) : '';
}
