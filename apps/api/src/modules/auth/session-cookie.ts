import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

/**
 * `__Host-` makes the browser refuse the cookie unless it is Secure, host-only and Path=/, so
 * a subdomain cannot plant or overwrite it. Browsers treat http://localhost as secure, so this
 * works in development too; SESSION_SECURE_COOKIE=false (plain http elsewhere) drops the prefix.
 */
export function sessionCookieName(app: FastifyInstance): string {
  return app.config.auth.secureCookie ? '__Host-locals_session' : 'locals_session';
}

export function sessionCookieOptions(app: FastifyInstance): CookieSerializeOptions {
  return {
    httpOnly: true,
    secure: app.config.auth.secureCookie,
    sameSite: 'lax',
    path: '/',
  };
}
