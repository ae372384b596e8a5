import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { problemsWith, type CheckedResponse } from './response-problems';

/** The checks the fuzz suite relies on must themselves catch what they claim to. */

function answer(
  statusCode: number,
  body: unknown,
  headers: CheckedResponse['headers'] = {},
): CheckedResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    rawPayload: Buffer.from(text),
  };
}

describe('problemsWith', () => {
  it.each([
    ['a 200 with data', answer(200, { services: [], total: 0 })],
    ['a 303 with no body', answer(303, '', { location: '/' })],
    [
      'a 400 naming a field',
      answer(400, {
        code: 'validation_error',
        message: 'Email is required',
        fieldErrors: { email: ['Email is required'] },
      }),
    ],
    [
      'a 429',
      answer(429, {
        code: 'rate_limited',
        message: 'Too many requests. Please wait a minute and try again.',
      }),
    ],
    [
      'a field-named message',
      answer(400, { code: 'validation_error', message: 'keyword must be 200 characters or fewer' }),
    ],
  ])('finds nothing wrong with %s', (_what, response) => {
    expect(problemsWith(response)).toEqual([]);
  });

  it.each([
    [
      'a 500 in our own shape',
      answer(500, {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      }),
      'answered 500',
    ],
    [
      'a 502',
      answer(502, { code: 'bad_gateway', message: 'The issuer did not answer.' }),
      'answered 502',
    ],
    [
      'a stack trace',
      answer(400, { code: 'bad_request', message: 'Oops\n    at handler (x)' }),
      'leaks a stack trace',
    ],
    [
      'a path on the server',
      answer(404, { code: 'not_found', message: 'No file /work/main/apps/web/dist/x' }),
      'leaks a file path',
    ],
    [
      'a TypeScript source position',
      answer(200, { note: 'failed in notes.routes.ts:42' }),
      'leaks a file path',
    ],
    [
      'node_modules in a header',
      answer(200, {}, { 'x-debug': '/srv/node_modules/pg/lib/client.js' }),
      'the x-debug header leaks a file path',
    ],
    [
      'SQL',
      answer(400, { code: 'bad_request', message: 'syntax error at or near "from"' }),
      'leaks database error text',
    ],
    [
      'a constraint',
      answer(409, { code: 'conflict', message: 'new row violates check constraint "x"' }),
      'leaks database error text',
    ],
    [
      'a duplicate key',
      answer(409, { code: 'conflict', message: 'duplicate key value violates unique constraint' }),
      'leaks database error text',
    ],
    [
      'a relation',
      answer(400, { code: 'bad_request', message: 'relation "users" does not exist' }),
      'leaks database error text',
    ],
    [
      'the driver',
      answer(400, { code: 'bad_request', message: 'PGlite is closed' }),
      'leaks the database driver',
    ],
    [
      'a Fastify code',
      answer(400, { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', message: 'Body cannot be empty' }),
      'leaks a Fastify error code',
    ],
    [
      'a parser message',
      answer(400, { code: 'invalid_json', message: 'Unexpected token } in JSON at position 3' }),
      'leaks a JavaScript error',
    ],
    [
      "Fastify's own error shape",
      answer(400, { statusCode: 400, error: 'Bad Request', message: 'Bad Request' }),
      "not the API's error shape",
    ],
    ['a body without a message', answer(404, { code: 'not_found' }), "not the API's error shape"],
    [
      'a 4xx in HTML',
      answer(404, '<h1>Not found</h1>', { 'content-type': 'text/html' }),
      'not JSON',
    ],
    ['a 4xx with no body', answer(401, '', { 'content-type': undefined }), 'not JSON'],
    [
      'a message that is a code',
      answer(400, { code: 'invalid_json', message: 'invalid_json' }),
      'not for people',
    ],
    [
      "a validator's path",
      answer(400, { code: 'validation_error', message: 'body/email must be string' }),
      'not for people',
    ],
  ])('reports %s', (_what, response, problem) => {
    expect(problemsWith(response).join('\n')).toContain(problem);
  });

  it('reads a compressed body before judging it', () => {
    const response: CheckedResponse = {
      statusCode: 400,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      rawPayload: gzipSync(JSON.stringify({ code: 'x', message: 'duplicate key value' })),
    };

    expect(problemsWith(response).join('\n')).toContain('leaks database error text');
  });
});
