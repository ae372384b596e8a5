import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustProxy } from '../env';
import { tileImageSource } from '../lib/tile-url';
import {
  createSharedStore,
  rateLimitBackend,
  sweepEndedWindows,
  SWEEP_INTERVAL_MS,
} from './rate-limit-store';

/**
 * Per IP, shared by every /api and /oidc route. Some public writes replace it with a stricter
 * per-IP limit in their route config; signed-in writes add a per-person one (person-rate-limit).
 */
export const GLOBAL_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

/**
 * The route the router matched, e.g. `/api/auth/logout` for `/%61pi/auth/logout`: the router
 * decodes the path, so every check on where a request goes must use this, never `request.url`
 * (docs/decisions/012). Empty when nothing matched (a 404 or a malformed URL).
 */
export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? '';
}

/** Is this a route under `prefix` (`/api`), whatever percent-encoding the request used? */
export function isRouteUnder(request: FastifyRequest, prefix: string): boolean {
  const route = routePath(request);
  return route === prefix || route.startsWith(`${prefix}/`);
}

/**
 * TRUST_PROXY for Fastify. Fastify 5 turns a bare number into "trust nothing" (every client
 * behind the proxy would share one limit), so a hop count becomes proxy-addr's hop function:
 * believe the socket peer and the next hops-1 X-Forwarded-For entries from the right.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Location detection asks for the position on our own pages; nothing else is ever used. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        // Spelled out in full: helmet's defaults add upgrade-insecure-requests, which breaks http://localhost.
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Map tiles (MAP_TILE_URL) are the only images we load from elsewhere.
          imgSrc: ["'self'", 'data:', ...tileSources(app.config.mapTileUrl)],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Agrees with frame-ancestors 'none' for browsers that only know X-Frame-Options.
      frameguard: { action: 'deny' },
    });
    app.addHook('onRequest', async (_request, reply) => {
      void reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
    app.addHook('onSend', async (request, reply) => {
      if (!reply.hasHeader('cache-control') && carriesCredentials(request)) {
        void reply.header('cache-control', 'no-store');
      }
    });

    await app.register(rateLimit, {
      global: true,
      ...GLOBAL_RATE_LIMIT,
      ...(await sharedStoreOptions(app)),
      // The web app's files are cached and cheap; only the API and the issuer are limited.
      allowList: (request) => !isRouteUnder(request, '/api') && !isRouteUnder(request, '/oidc'),
    });
  },
  { name: 'security', dependencies: ['db', 'scheduler'] },
);

/**
 * Several instances must count a client once, so their counters live in Redis or PostgreSQL
 * (plugins/rate-limit-store.ts); a counter that fails lets requests through, logged there.
 */
async function sharedStoreOptions(app: FastifyInstance) {
  const backend = rateLimitBackend({
    redisUrl: app.config.redisUrl,
    databaseKind: app.database.kind,
  });
  if (backend.kind === 'memory') return {};
  const shared = await createSharedStore({ backend, db: app.database.db, log: app.log });
  app.addHook('onClose', () => shared.close());
  if (backend.kind === 'postgres') {
    app.scheduler.every({
      name: 'rate-limit-sweep',
      everyMs: SWEEP_INTERVAL_MS,
      // A missed sweep leaves a few ended windows for the next one; nothing to report.
      run: () => sweepEndedWindows(app.database.db).catch(() => undefined),
    });
  }
  return { store: shared.store, skipOnError: true };
}

function tileSources(tileUrl: string): string[] {
  const source = tileImageSource(tileUrl);
  return source ? [source] : [];
}

/**
 * A response to a request with a cookie or a bearer token may depend on who asked (a person's
 * notes, bookmarks, name), so no browser or shared cache may keep it unless its route chose a
 * policy for data that is the same for everyone.
 */
function carriesCredentials(request: FastifyRequest): boolean {
  return request.headers.cookie !== undefined || request.headers.authorization !== undefined;
}
