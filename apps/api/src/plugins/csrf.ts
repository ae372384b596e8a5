import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isRouteUnder } from './security';
import { refusal, refuse } from '../capabilities/refusals';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_REFUSAL = refusal(
  'csrf_check_failed',
  'This request was refused because it did not come from the Locals website.',
);

/**
 * Browsers will not send a custom header cross-site without a CORS preflight (which we never
 * allow), so requiring X-Requested-With on every state-changing /api call blocks forged forms.
 * An Origin header, when present, must also be our own.
 */
export default fp(
  (app, _options, done) => {
    const publicOrigin = new URL(app.config.publicUrl).origin;

    app.addHook('onRequest', (request, reply, next) => {
      // A bearer request is judged by its token alone, never by cookies (plugins/auth.ts), and
      // a browser cannot send Authorization cross-site without a preflight either. The matched
      // route, not request.url: the router decodes /%61pi/ to /api/.
      const isGuarded =
        !SAFE_METHODS.has(request.method) &&
        isRouteUnder(request, '/api') &&
        request.headers.authorization === undefined;
      if (isGuarded && (!hasRequestedWith(request) || !isOwnOrigin(request, publicOrigin))) {
        void refuse(reply, 403, CSRF_REFUSAL);
        return;
      }
      next();
    });
    done();
  },
  { name: 'csrf', dependencies: ['errors'] },
);

function hasRequestedWith(request: FastifyRequest): boolean {
  const value = request.headers['x-requested-with'];
  return typeof value === 'string' && value.trim() !== '';
}

export function isOwnOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  // Behind a TLS-terminating proxy the scheme we see may differ, so compare host and port.
  if (!URL.canParse(origin)) return false;
  const { protocol, host } = new URL(origin);
  return (
    URL.canParse(`${protocol}//${request.host}`) &&
    new URL(`${protocol}//${request.host}`).host === host
  );
}
