import type { ApiErrorBody } from '@locals/contracts/errors';
import { isConnectionError } from '@locals/db/connection-errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/** Seconds a client is asked to wait after the database went away (Retry-After). */
const DATABASE_RETRY_AFTER_SECONDS = 5;
const DATABASE_UNAVAILABLE: ApiErrorBody = {
  code: 'service_unavailable',
  message: 'We cannot reach our database just now. Please try again in a few seconds.',
};

/** A 400 whose body is already written for people, naming the field at fault. */
export class RequestFieldError extends Error {
  readonly statusCode = 400;
  readonly code = 'validation_error';

  constructor(readonly body: ApiErrorBody) {
    super(body.message);
  }
}

/** Fastify's own 4xx errors, reworded for people. */
const KNOWN_ERRORS: Record<string, ApiErrorBody> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    message: 'The request is too large. Send at most 100 KB.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON, with Content-Type: application/json.',
  },
};

/** The router's own refusals, which reach neither hooks nor the error handler. */
const ROUTER_ERRORS: Record<string, { status: number; body: ApiErrorBody }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    body: {
      code: 'bad_url',
      message:
        'This web address is broken: a "%" in it must be followed by two letters or digits (0-9, A-F). Check the link, or type the address again.',
    },
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    body: {
      code: 'uri_too_long',
      message: 'This web address is too long. Check the link, or type the address again.',
    },
  },
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`/api/services/%E0%A4%A`) gets our
 * error body, never Fastify's internal one naming its error codes.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = ROUTER_ERRORS[error.code];
  void reply.header('x-content-type-options', 'nosniff');
  if (known) {
    request.log.info({ code: error.code, status: known.status }, 'malformed URL');
    void reply.code(known.status).send(known.body);
    return;
  }
  request.log.error({ err: error }, 'request failed in the router');
  void reply.code(500).send({ code: 'internal_error', message: GENERIC_SERVER_ERROR });
}

export function notFoundBody(request: FastifyRequest): ApiErrorBody {
  const path = request.url.split('?')[0] ?? request.url;
  return { code: 'not_found', message: `There is nothing at ${request.method} ${path}.` };
}

export default fp(
  (app, _options, done) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send(validationBody(error.validation));
      }
      if (error instanceof RequestFieldError) return reply.code(400).send(error.body);
      // Issue 25: a PostgreSQL restart or failover fails the queries in flight. That is a
      // passing outage, not a fault in the request: 503 with Retry-After, so clients and
      // balancers retry, and the pool reconnects for the next query.
      if (isConnectionError(error)) {
        request.log.warn({ err: error }, 'database connection lost during the request');
        void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.code(503).send(DATABASE_UNAVAILABLE);
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        // The logger's err serializer (log-errors.ts) drops the values a database error quotes.
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ code: 'internal_error', message: GENERIC_SERVER_ERROR });
      }
      request.log.info({ code: error.code, status }, error.message);
      return reply.code(status).send(clientErrorBody(error, status));
    });

    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
    done();
  },
  { name: 'errors' },
);

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(notFoundBody(request));
}

function clientErrorBody(error: FastifyError, status: number): ApiErrorBody {
  // A JSON syntax error from the body parser arrives as a SyntaxError with status 400.
  if (error instanceof SyntaxError) return KNOWN_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY!;
  const known = KNOWN_ERRORS[error.code];
  if (known) return known;
  if (status === 429) {
    return {
      code: 'rate_limited',
      message: 'Too many requests. Please wait a minute and try again.',
    };
  }
  return { code: codeForStatus(status), message: error.message };
}

function codeForStatus(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'bad_request';
}

/** Fields whose problems carry their own code, so a client can react without reading words. */
const FIELD_ERROR_CODES: Record<string, string> = { postcode: 'invalid_postcode' };

/** The first problem becomes the message; every problem is listed under its field. */
function validationBody(issues: ZodFastifySchemaValidationError[]): ApiErrorBody {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.');
    if (!field) continue;
    (fieldErrors[field] ??= []).push(issue.message ?? 'This value is not valid');
  }
  const first = issues[0];
  const message =
    first && first.instancePath.replace(/\//g, '')
      ? (first.message ?? 'The request is not valid.')
      : 'The request is missing its details. Send them as a JSON object.';
  const firstField = first?.instancePath.split('/').filter(Boolean).join('.') ?? '';
  return {
    code: FIELD_ERROR_CODES[firstField] ?? 'validation_error',
    message,
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
  };
}
