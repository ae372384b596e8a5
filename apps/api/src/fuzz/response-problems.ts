import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ApiErrorSchema } from '@locals/contracts/errors';

/** What the checks need of an `app.inject` response. */
export type CheckedResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
};

/** Text that only an unhandled error, a driver or a framework puts in an answer. */
const LEAKS: [what: string, pattern: RegExp][] = [
  // V8 indents each frame by four spaces: "    at handler (/srv/app.js:1:2)".
  ['a stack trace', / {4}at \S/],
  ['a file path', /\/work\/|node_modules|file:\/\/\/|\.ts:|\.[cm]?js:\d+/],
  [
    'database error text',
    // `relation \\?"`: inside a JSON string the quote is escaped.
    /syntax error at|violates|relation \\?"|duplicate key|invalid input syntax|invalid byte sequence|Failed query|SQLSTATE/i,
  ],
  ['the database driver', /PGlite|DrizzleQueryError|PostgresError/],
  ['a Fastify error code', /FST_/],
  [
    'a JavaScript error',
    /TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|is not defined|Unexpected token|in JSON at position/,
  ],
];

/**
 * Everything wrong with one answer, in words for the failure report; empty when it is fine.
 * Fine means: no 5xx, nothing internal in the body or any header, and every 4xx in the API's own
 * error shape (`{ code, message, fieldErrors? }`, plugins/errors.ts) with a message a person can
 * read.
 */
export function problemsWith(response: CheckedResponse): string[] {
  const body = bodyText(response);
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`answered ${response.statusCode}`);
  problems.push(...leaksIn('the body', body));
  for (const [name, value] of Object.entries(response.headers)) {
    problems.push(...leaksIn(`the ${name} header`, String(value)));
  }
  if (response.statusCode >= 400) problems.push(...errorBodyProblems(response, body));
  return problems;
}

function leaksIn(where: string, text: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(text)).map(
    ([what, pattern]) => `${where} leaks ${what}: …${excerpt(text, pattern)}…`,
  );
}

function excerpt(text: string, pattern: RegExp): string {
  const at = text.search(pattern);
  return text.slice(Math.max(0, at - 40), at + 80);
}

function errorBodyProblems(response: CheckedResponse, body: string): string[] {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) {
    return [`a ${response.statusCode} answered with content-type '${type}', not JSON`];
  }
  const parsed = ApiErrorSchema.strict().safeParse(parseJson(body));
  if (!parsed.success) {
    return [`a ${response.statusCode} body is not the API's error shape: ${body.slice(0, 300)}`];
  }
  return isHumanReadable(parsed.data.message, parsed.data.code)
    ? []
    : [`a ${response.statusCode} message is not for people: '${parsed.data.message}'`];
}

/**
 * Words, not a code or a validator's path: at least two words in a row, and never Fastify's
 * schema paths (`body/email must be…`) or a bare code (`invalid_json`).
 */
export function isHumanReadable(message: string, code: string): boolean {
  const text = message.trim();
  return (
    text !== code &&
    /\p{L}+\s+\p{L}+/u.test(text) &&
    !/^(body|querystring|params|headers)\b[/.]/.test(text)
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const DECODERS: Record<string, (data: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
  identity: (data) => data,
};

/** The body as text, decompressed when the client asked for gzip, br or deflate. */
function bodyText(response: CheckedResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? 'identity');
  const decode = DECODERS[encoding];
  if (!decode) throw new Error(`The answer has an unknown content-encoding '${encoding}'`);
  return decode(response.rawPayload).toString('utf8');
}
