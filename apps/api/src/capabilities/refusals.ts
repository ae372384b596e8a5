import type { ApiErrorBody, ErrorCode } from '@locals/contracts/errors';
import type { ErrorStatus } from '@locals/contracts/route';
import type { FastifyReply } from 'fastify';

/** What a refusal says: a code a client can react to, and words a person can act on. */
export type Refusal = ApiErrorBody;

/** A refusal from its code and message, for one made where it is sent. */
export function refusal(code: ErrorCode, message: string): Refusal {
  return { code, message };
}

/**
 * The one way the API says no: the status and the body every client reads the same way
 * (ApiErrorSchema), with headers such as Retry-After. The linter refuses an error status or an
 * error body sent anywhere else (eslint.config.js, "One way to refuse").
 */
export function refuse(
  reply: FastifyReply,
  status: ErrorStatus,
  body: Refusal,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply.headers(headers).code(status).send(body);
}

/**
 * A refusal thrown from deep in a request (a body parser, a check below the route), sent by the
 * error handler through `refuse` as if the route had refused. `statusCode` as Fastify's own
 * errors have it, so a route's error handler reads both alike.
 */
export class Refused extends Error {
  constructor(
    readonly statusCode: ErrorStatus,
    readonly body: Refusal,
  ) {
    super(body.message);
  }
}

/** A 400 whose body is already written for people, naming the field at fault. */
export class RequestFieldError extends Refused {
  constructor(body: Refusal) {
    super(400, body);
  }
}
