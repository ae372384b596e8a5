import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type PersonRateLimit = { max: number; timeWindow: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Writes a signed-in person may make to this route per window; see perPersonRateLimit. */
    personRateLimit?: PersonRateLimit;
  }
}

/**
 * Route config for a write a signed-in person makes: limited per person, so people behind one
 * shared IP (a library, a hostel) do not use up each other's allowance. It is added to the
 * per-IP limit every /api route has, never in its place, so signed-out floods are limited too.
 */
export function perPersonRateLimit(max: number, timeWindow = '1 minute') {
  return { personRateLimit: { max, timeWindow } };
}

/**
 * Gives each route with a `personRateLimit` its own per-person counter. It checks in the first
 * route preHandler: the auth hook has read the session by then, and signed-out requests (which
 * requireUser answers 401) have already been counted against their IP in onRequest.
 */
export default fp(
  (app, _options, done) => {
    app.addHook('onRoute', (route) => {
      const limit = route.config?.personRateLimit;
      if (!limit) return;
      const check = app.createRateLimit({
        ...limit,
        // The route is part of the key: a shared store has one key space for every limit.
        keyGenerator: (request) =>
          `user:${request.user?.id ?? ''}:${String(route.method)}:${route.url}`,
      });
      const limitPerson = async (request: FastifyRequest, reply: FastifyReply) => {
        if (!request.user) return;
        const result = await check(request);
        if (result.isAllowed) return;
        void reply.header('x-ratelimit-limit', result.max);
        void reply.header('x-ratelimit-remaining', result.remaining);
        void reply.header('x-ratelimit-reset', result.ttlInSeconds);
        if (!result.isExceeded) return;
        void reply.header('retry-after', result.ttlInSeconds);
        throw Object.assign(new Error('Rate limit exceeded for this person'), { statusCode: 429 });
      };
      const existing = route.preHandler;
      route.preHandler = [
        limitPerson,
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
    });
    done();
  },
  { name: 'person-rate-limit', dependencies: ['security', 'auth'] },
);
