import type { ErrorCode } from '@locals/contracts/errors';
import type { ErrorStatus } from '@locals/contracts/route';
import { isConnectionError } from '@locals/db/connection-errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { refusal, refuse, Refused, type Refusal } from '../capabilities/refusals';

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';
const INTERNAL_ERROR = refusal('internal_error', GENERIC_SERVER_ERROR);

/** Seconds a client is asked to wait after the database went away (Retry-After). */
const DATABASE_RETRY_AFTER_SECONDS = 5;
const DATABASE_UNAVAILABLE: Refusal = {
  code: 'service_unavailable',
  message: 'We cannot reach our database just now. Please try again in a few seconds.',
};

/** Fastify's own 4xx errors, reworded for people. */
const KNOWN_ERRORS: Record<string, Refusal> = {
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
const ROUTER_ERRORS: Record<string, { status: ErrorStatus; body: Refusal }> = {
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
    void refuse(reply, known.status, known.body);
    return;
  }
  request.log.error({ err: error }, 'request failed in the router');
  void refuse(reply, 500, INTERNAL_ERROR);
}

export function notFoundBody(request: FastifyRequest): Refusal {
  const path = request.url.split('?')[0] ?? request.url;
  return { code: 'not_found', message: `There is nothing at ${request.method} ${path}.` };
}

export default fp(
  (app, _options, done) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return refuse(reply, 400, validationBody(error.validation));
      }
      if (error instanceof Refused) return refuse(reply, error.statusCode, error.body);
      // Decision 029: a PostgreSQL restart or failover fails the queries in flight. That is a
      // passing outage, not a fault in the request: 503 with Retry-After, so clients and
      // balancers retry, and the pool reconnects for the next query.
      if (isConnectionError(error)) {
        request.log.warn({ err: error }, 'database connection lost during the request');
        return refuse(reply, 503, DATABASE_UNAVAILABLE, {
          'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        // The logger's err serializer (log-errors.ts) drops the values a database error quotes.
        request.log.error({ err: error }, 'request failed');
        return refuse(reply, 500, INTERNAL_ERROR);
      }
      request.log.info({ code: error.code, status }, error.message);
      // Fastify's and its plugins' own 4xx keep their status, whichever it is.
      return refuse(reply, status as ErrorStatus, clientErrorBody(error, status));
    });

    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
    done();
  },
  { name: 'errors' },
);

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return refuse(reply, 404, notFoundBody(request));
}

function clientErrorBody(error: FastifyError, status: number): Refusal {
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

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'bad_request';
}

/** Fields whose problems carry their own code, so a client can react without reading words. */
const FIELD_ERROR_CODES: Record<string, ErrorCode> = { postcode: 'invalid_postcode' };

/** The first problem becomes the message; every problem is listed under its field. */
function validationBody(issues: ZodFastifySchemaValidationError[]): Refusal {
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
