import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { createCookieJar, registerAccount, SESSION_COOKIE, signIn } from './auth-flow';
import type { Route, RouteInput } from '@locals/contracts/route';
import { callRoute } from './contract-reply';
import { WEB_CLIENT_HEADERS } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Send = (
  method: Method,
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<InjectResponse>;

/** A random private address, so the per-IP limit on /api never couples two tests. */
export function anAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

function sender(app: FastifyInstance, remoteAddress: string, baseHeaders: Record<string, string>) {
  const send: Send = (method, url, payload, headers = {}) =>
    app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...baseHeaders, ...headers },
      ...(payload ? { payload } : {}),
    });
  return send;
}

/** Calls a route from its contract (see contract-reply.ts), as this client. */
function caller(app: FastifyInstance, remoteAddress: string, baseHeaders: Record<string, string>) {
  return <R extends Route>(route: R, input: RouteInput<R>, headers: Record<string, string> = {}) =>
    callRoute(app, route, input, { headers: { ...baseHeaders, ...headers }, remoteAddress });
}

/** Requests from nobody in particular: signed out, with the web client's headers. */
export function signedOutClient(app: FastifyInstance, remoteAddress = anAddress()) {
  return sender(app, remoteAddress, WEB_CLIENT_HEADERS);
}

/** A signed-out visitor calling routes from their contracts, with the web client's headers. */
export function aVisitor(app: FastifyInstance, remoteAddress = anAddress()) {
  return {
    remoteAddress,
    send: sender(app, remoteAddress, WEB_CLIENT_HEADERS),
    call: caller(app, remoteAddress, WEB_CLIENT_HEADERS),
  };
}

/**
 * Registers an account and signs it in through the built-in issuer as a browser does
 * (auth-test-helpers' `signIn`); `send` then calls the API with its session cookie and the web
 * client's headers. People who should share one IP (a library, a hostel) pass the same address.
 */
export async function signedInUser(
  app: FastifyInstance,
  options: { firstName?: string; lastName?: string; remoteAddress?: string } = {},
) {
  const { remoteAddress = anAddress(), ...name } = options;
  const credentials = { email: `person-${randomUUID()}@example.org`, password: 'correct horse' };
  const user = await registerAccount(app, { ...name, ...credentials });
  const jar = createCookieJar();
  const callback = await signIn(app, jar, credentials, '/', { remoteAddress });
  expect(callback.statusCode).toBe(302);
  const session = jar.get(SESSION_COOKIE);
  if (!session) throw new Error('Signing in set no session cookie');
  const cookie = `${SESSION_COOKIE}=${session}`;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    /** The Cookie header alone, for requests built by hand (one without the CSRF header). */
    cookie,
    remoteAddress,
    send: sender(app, remoteAddress, { ...WEB_CLIENT_HEADERS, cookie }),
    call: caller(app, remoteAddress, { ...WEB_CLIENT_HEADERS, cookie }),
  };
}
export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;
