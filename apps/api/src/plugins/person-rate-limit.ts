import type { FastifyRequest } from 'fastify';

/**
 * Route config for a write a signed-in person makes: limited per person (so people behind one
 * shared IP, a library or a hostel, do not use up each other's allowance), falling back to the
 * IP for requests that turn out to be signed out (they get 401 anyway). It runs after the auth
 * preHandler has read the session, which the default onRequest hook would be too early for.
 */
export function perPersonRateLimit(max: number, timeWindow = '1 minute') {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) =>
        request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
    },
  };
}
