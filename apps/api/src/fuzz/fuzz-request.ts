import fc from 'fast-check';
import { bodyFor, unexpectedBody, type Body } from './body-arbitraries';
import { hostileString } from './hostile-values';
import { validValue, type Hints, type JsonSchema } from './json-schema-arbitraries';
import type { Operation } from './openapi-operations';
import { percentEncoded, queryArbitrary } from './query-arbitraries';

/** What `app.inject` is given; plain data, so fast-check can print a failing one. */
export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** How many identical copies go at once: a double click, a retry racing the first try. */
  copies: number;
};

/**
 * Requests for one operation: two in five wholly valid by its schemas, as the web client sends
 * them, so the fuzzer gets past validation to the handlers and the database; the rest with any
 * part hostile (path and query parameters, the JSON body, its content type, the headers).
 * `credentials` adds who is asking (a session cookie, a bearer token, nothing).
 */
export function requestArbitrary(
  operation: Operation,
  hints: Hints,
  credentials: fc.Arbitrary<Record<string, string>>,
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    {
      weight: 2,
      arbitrary: requestOf(operation, partsArbitrary(operation, hints, true), credentials),
    },
    {
      weight: 3,
      arbitrary: requestOf(operation, partsArbitrary(operation, hints, false), credentials),
    },
  );
}

type Parts = { path: string; query: string; body: Body; headers: Record<string, string> };

function partsArbitrary(operation: Operation, hints: Hints, isValid: boolean): fc.Arbitrary<Parts> {
  const queryParameters = operation.parameters.filter((each) => each.in === 'query');
  return fc.record({
    path: pathArbitrary(operation, hints, isValid),
    query: queryArbitrary(queryParameters, hints, isValid),
    body: operation.body ? bodyFor(operation.body, hints, isValid) : unexpectedBody(isValid),
    headers: headersArbitrary(operation, isValid),
  });
}

function requestOf(
  operation: Operation,
  parts: fc.Arbitrary<Parts>,
  credentials: fc.Arbitrary<Record<string, string>>,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      parts,
      credentials,
      remoteAddress: fc.oneof(
        { weight: 9, arbitrary: fc.ipV4() },
        { weight: 1, arbitrary: fc.ipV6() },
      ),
      copies: fc.oneof(
        { weight: 6, arbitrary: fc.constant(1) },
        { weight: 1, arbitrary: fc.constantFrom(2, 3) },
      ),
    })
    .map(({ parts: { path, query, body, headers }, credentials: who, remoteAddress, copies }) => ({
      method: operation.method,
      url: `${path}${query}`,
      headers: {
        ...headers,
        ...who,
        ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}),
      },
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
      remoteAddress,
      copies,
    }));
}

function pathArbitrary(operation: Operation, hints: Hints, isValid: boolean): fc.Arbitrary<string> {
  const segments = operation.path
    .split('/')
    .slice(1)
    .map((segment) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (name === undefined) return literalSegment(segment);
      const parameter = operation.parameters.find(
        (each) => each.in === 'path' && each.name === name,
      );
      const schema = parameter?.schema ?? {};
      return isValid ? validSegment(schema, name, hints) : parameterSegment(schema, name, hints);
    });
  return fc.tuple(...segments).map((parts) => `/${parts.join('/')}`);
}

/** The route's own words, now and then spelled with a percent-escape the router decodes. */
function literalSegment(segment: string): fc.Arbitrary<string> {
  const respelled = fc
    .tuple(fc.nat({ max: Math.max(segment.length - 1, 0) }), fc.boolean())
    .map(([at, isLowerCase]) => {
      const hex = segment.charCodeAt(at).toString(16).padStart(2, '0');
      return `${segment.slice(0, at)}%${isLowerCase ? hex : hex.toUpperCase()}${segment.slice(at + 1)}`;
    });
  return fc.oneof(
    { weight: 9, arbitrary: fc.constant(segment) },
    { weight: 1, arbitrary: respelled },
  );
}

const RAW_PATH_SEGMENTS = [
  '',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%2F',
  '.',
  '..',
  '%2e%2e',
  'a/b',
  ';a',
];

function validSegment(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<string> {
  return validValue(schema, name, hints).map((value) => percentEncoded(String(value)));
}

function parameterSegment(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: validSegment(schema, name, hints) },
    { weight: 3, arbitrary: hostileString().map(percentEncoded) },
    // Sent as they are: broken escapes, encoded slashes and dot segments.
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
  );
}

/** Optional header: absent (`undefined`) most of the time. */
function sometimes(
  weightAbsent: number,
  values: fc.Arbitrary<string>,
): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: weightAbsent, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: values },
  );
}

const HOSTILE_HEADER_VALUES = ['', ' ', 'not-a-uuid', "' OR 1=1 --", 'x'.repeat(8000), '%00'];

function headersArbitrary(
  operation: Operation,
  isValid: boolean,
): fc.Arbitrary<Record<string, string>> {
  const takesIdempotencyKey = operation.parameters.some(
    (each) => each.in === 'header' && each.name === 'idempotency-key',
  );
  if (isValid) {
    return fc.record(
      {
        'x-requested-with': fc.constant('fetch'),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'identity'),
        ...(takesIdempotencyKey ? { 'idempotency-key': fc.uuid({ version: 4 }) } : {}),
      },
      { requiredKeys: ['x-requested-with'] },
    );
  }
  return fc
    .record({
      // State-changing requests need it (plugins/csrf.ts); leaving it out must be a clean 403.
      'x-requested-with': fc.oneof(
        { weight: 9, arbitrary: fc.constant('fetch') },
        { weight: 1, arbitrary: fc.constantFrom(undefined, ' ', 'XMLHttpRequest') },
      ),
      origin: sometimes(
        8,
        fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null', '::'),
      ),
      'idempotency-key': sometimes(
        takesIdempotencyKey ? 1 : 10,
        fc.oneof(fc.uuid(), fc.constantFrom(...HOSTILE_HEADER_VALUES)),
      ),
      'accept-encoding': sometimes(
        5,
        fc.constantFrom('gzip', 'br', 'deflate', 'gzip;q=0, identity', 'x-unknown', '*'),
      ),
      accept: sometimes(8, fc.constantFrom('text/html', 'application/xml', '*/*;q=0', '')),
      host: sometimes(
        12,
        fc.constantFrom('evil.example', '[::1]:3000', 'localhost:99999', 'a b', ''),
      ),
    })
    .map((headers) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
    );
}
