import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** Map tiles are the only images we load from elsewhere. */
export const TILE_ORIGINS = ['https://*.tile.openstreetmap.org'];

/** Per IP. Write endpoints set stricter limits in their route config. */
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
          imgSrc: ["'self'", 'data:', ...TILE_ORIGINS],
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

    await app.register(rateLimit, { global: true, ...GLOBAL_RATE_LIMIT });
  },
  { name: 'security' },
);
