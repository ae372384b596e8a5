import fc from 'fast-check';
import { hostileJson, hostileString, nested } from './hostile-values';
import { invalidValue, validValue, type Hints, type JsonSchema } from './json-schema-arbitraries';

/** A request body and its content type; neither when the request has none. */
export type Body = { payload?: string | Buffer; contentType?: string };

export function bodyFor(schema: JsonSchema, hints: Hints, isValid: boolean): fc.Arbitrary<Body> {
  const valid = validValue(schema, '', hints) as fc.Arbitrary<Record<string, unknown>>;
  if (isValid) {
    return valid.map((body) => ({
      payload: JSON.stringify(body),
      contentType: 'application/json',
    }));
  }
  return fc.oneof(
    { weight: 5, arbitrary: jsonBody(valid) },
    { weight: 3, arbitrary: jsonBody(withOneFieldBroken(schema, valid)) },
    { weight: 1, arbitrary: jsonBody(withoutOneRequired(schema, valid)) },
    { weight: 1, arbitrary: withExtraFields(valid) },
    { weight: 2, arbitrary: jsonBody(hostileJson()) },
    { weight: 2, arbitrary: rawBody() },
  );
}

/** Operations that take no body get one now and then, which they must ignore or refuse. */
export function unexpectedBody(isValid: boolean): fc.Arbitrary<Body> {
  if (isValid) return fc.constant({});
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: jsonBody(hostileJson()) },
    { weight: 1, arbitrary: rawBody() },
  );
}

function withOneFieldBroken(
  schema: JsonSchema,
  valid: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  if (fields.length === 0) return valid;
  return fc
    .tuple(
      valid,
      fc
        .constantFrom(...fields)
        .chain(([name, property]) =>
          fc.tuple(fc.constant(name), fc.oneof(invalidValue(property), hostileString())),
        ),
    )
    .map(([body, [name, bad]]) => ({ ...body, [name]: bad }));
}

function withoutOneRequired(
  schema: JsonSchema,
  valid: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const required = schema.required ?? [];
  if (required.length === 0) return valid;
  return fc.tuple(valid, fc.constantFrom(...required)).map(([body, missing]) => {
    const { [missing]: _dropped, ...rest } = body;
    return rest;
  });
}

/** Unknown fields, written by hand so `__proto__` reaches the parser as a real key. */
function withExtraFields(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Body> {
  const extra = fc.constantFrom(
    '"__proto__":{"isAdmin":true}',
    '"constructor":{"prototype":{"isAdmin":true}}',
    '"userId":"00000000-0000-4000-8000-000000000000"',
    `"deep":${JSON.stringify(nested(500))}`,
  );
  return fc.tuple(valid, extra).map(([body, field]) => {
    const text = JSON.stringify(body);
    return {
      payload: text === '{}' ? `{${field}}` : `{${field},${text.slice(1)}`,
      contentType: 'application/json',
    };
  });
}

const RAW_BODIES: (string | Buffer)[] = [
  '',
  ' ',
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,"a":2}',
  '{"a\\u0000b":"key with a NUL"}',
  'NaN',
  '1e999',
  '"\\ud800"',
  '"\\u0000"',
  '\u0000',
  '\ufeff{}',
  'a=1&b=2',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>',
  '['.repeat(40_000) + ']'.repeat(40_000),
  '['.repeat(10_000),
  'x'.repeat(200_000),
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
];

function rawBody(): fc.Arbitrary<Body> {
  return fc.tuple(fc.constantFrom(...RAW_BODIES), contentType()).map(([payload, type]) => ({
    payload,
    ...(type !== undefined ? { contentType: type } : {}),
  }));
}

function jsonBody(value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.tuple(value, contentType()).map(([body, type]) => ({
    payload: JSON.stringify(body) ?? '',
    ...(type !== undefined ? { contentType: type } : {}),
  }));
}

const ODD_CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=utf-16le',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/merge-patch+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  ';',
  '',
];

/** Mostly JSON, as the web client sends; otherwise a type the API does not speak, or none. */
function contentType(): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}
