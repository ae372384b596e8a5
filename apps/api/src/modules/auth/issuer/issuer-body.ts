import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseForm } from 'node:querystring';
import { hasControlCharacters } from '@locals/contracts/text-field';

/** oidc-provider's own limit on a body (lib/shared/selective_body.js). */
const MAX_BODY_BYTES = 56 * 1024;

const BODY_TYPES = /^application\/(x-www-form-urlencoded|json)\b/i;

/**
 * Decision 029: a NUL in a form value (`POST /oidc/me` with `access_token=a%00b`) reached
 * oidc-provider, which answered 500. No field of the issuer's endpoints is multi-line, so a body
 * holding any C0 control character (or DEL) in a name or value is answered 400 here, in the
 * OAuth error shape (RFC 6749 5.2), before the provider reads it. Any other body is handed on
 * as it came. Returns false when the request has been answered.
 */
export async function checkIssuerBody(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const type = req.headers['content-type'] ?? '';
  if (req.method !== 'POST' || !BODY_TYPES.test(type)) return true;
  const body = await readAtMost(req, MAX_BODY_BYTES);
  if (body === null) return refuse(res, 'the request body is too large');
  const text = body.toString('utf8');
  const values = /json/i.test(type) ? jsonStrings(text) : formStrings(text);
  if (values.some((value) => hasControlCharacters(value))) {
    return refuse(res, 'the request must not contain control characters');
  }
  replayBody(req, body);
  return true;
}

function formStrings(text: string): string[] {
  return Object.entries(parseForm(text)).flatMap(([name, value]) => [
    name,
    ...[value ?? []].flat(),
  ]);
}

/** Every key and string in the JSON; none when it is not JSON (the provider answers that). */
function jsonStrings(text: string): string[] {
  const strings: string[] = [];
  try {
    JSON.parse(text, (key, value: unknown) => {
      strings.push(key);
      if (typeof value === 'string') strings.push(value);
      return value;
    });
  } catch {
    return [];
  }
  return strings;
}

async function readAtMost(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    received += buffer.length;
    if (received > limit) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, received);
}

/**
 * oidc-provider reads the body from the request stream (`req.readable`, `req.iterator()`),
 * which is spent by now: it is given the same bytes again.
 */
function replayBody(req: IncomingMessage, body: Buffer): void {
  let isSpent = false;
  Object.defineProperty(req, 'readable', { configurable: true, get: () => !isSpent });
  Object.defineProperty(req, 'iterator', {
    configurable: true,
    // for await (as the provider reads it) takes a plain iterator as well.
    value: function* replay() {
      isSpent = true;
      yield body;
    },
  });
}

function refuse(res: ServerResponse, description: string): false {
  res.writeHead(400, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify({ error: 'invalid_request', error_description: description }));
  return false;
}
