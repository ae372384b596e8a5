import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { tileImageSource } from '../modules/client-config/tile-url';

/**
 * Per IP, shared by every /api and /oidc route. Some public writes replace it with a stricter
 * per-IP limit in their route config; signed-in writes add a per-person one (person-rate-limit).
 */
export const GLOBAL_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

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
    });

    await app.register(rateLimit, {
      global: true,
      ...GLOBAL_RATE_LIMIT,
      // The web app's files are cached and cheap; only the API and the issuer are limited.
      allowList: (request) => !/^\/(api|oidc)(\/|$)/.test(request.url),
    });
  },
  { name: 'security' },
);

function tileSources(tileUrl: string): string[] {
  const source = tileImageSource(tileUrl);
  return source ? [source] : [];
}
