import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { WEB_CLIENT_HEADERS } from './test-app';
import { hashPassword } from '../modules/auth/passwords';
import { createUsersRepository } from '../modules/auth/users.repository';

type Cookie = { name: string; value: string; path: string };

/** Just enough of a browser's cookie jar: cookies by name and path, sent where the path matches. */
export function createCookieJar() {
  const cookies = new Map<string, Cookie>();
  return {
    store(response: InjectResponse) {
      for (const cookie of response.cookies as Array<
        Cookie & { maxAge?: number; expires?: Date }
      >) {
        const path = cookie.path ?? '/';
        const key = `${cookie.name};${path}`;
        const isExpired =
          cookie.maxAge === 0 ||
          (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
        if (isExpired || cookie.value === '') cookies.delete(key);
        else cookies.set(key, { name: cookie.name, value: cookie.value, path });
      }
    },
    headerFor(url: string): string {
      const { pathname } = new URL(url, 'http://localhost:3000');
      return [...cookies.values()]
        .filter(
          (cookie) =>
            pathname === cookie.path ||
            pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
        )
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join('; ');
    },
    get(name: string): string | undefined {
      return [...cookies.values()].find((cookie) => cookie.name === name)?.value;
    },
    remove(name: string) {
      for (const [key, cookie] of cookies) if (cookie.name === name) cookies.delete(key);
    },
  };
}
export type CookieJar = ReturnType<typeof createCookieJar>;

/** A browser-like request: same-site URL, the jar's cookies, Set-Cookie stored. */
export async function browse(
  app: FastifyInstance,
  jar: CookieJar,
  url: string,
  init: {
    method?: 'GET' | 'POST';
    payload?: object;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
) {
  const target = new URL(url, 'http://localhost:3000');
  const cookie = jar.headerFor(target.pathname);
  const response = await app.inject({
    method: init.method ?? 'GET',
    url: `${target.pathname}${target.search}`,
    headers: { host: target.host, ...(cookie ? { cookie } : {}), ...init.headers },
    ...(init.remoteAddress ? { remoteAddress: init.remoteAddress } : {}),
    ...(init.payload ? { payload: init.payload } : {}),
  });
  jar.store(response);
  return response;
}

export const ACCOUNT = {
  firstName: 'Sam',
  lastName: 'Jones',
  email: 'sam.jones@example.org',
  password: 'correct horse battery',
};

/** An account made directly in the database (POST /api/auth/register allows 10 a minute). */
export async function registerAccount(
  app: FastifyInstance,
  overrides: Partial<typeof ACCOUNT> = {},
) {
  const account = { ...ACCOUNT, ...overrides };
  const user = await createUsersRepository(app.database.db).createAccount(
    { ...account, passwordHash: await hashPassword(account.password) },
    app.now(),
  );
  if (!user) throw new Error(`${account.email} is already registered`);
  return user;
}

/** Starts signing in and follows the issuer to its sign-in page: returns the interaction uid. */
export async function startSignIn(app: FastifyInstance, jar: CookieJar, returnTo = '/') {
  const start = await browse(app, jar, `/api/auth/signin?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.statusCode).toBe(302);
  const authorize = await browse(app, jar, start.headers.location!);
  expect(authorize.statusCode).toBe(303);
  const signInPage = authorize.headers.location!;
  const uid = /^\/signin\/([^/?]+)$/.exec(signInPage)?.[1];
  if (!uid) throw new Error(`Unexpected interaction URL ${signInPage}`);
  return { uid, authorizationUrl: new URL(start.headers.location!) };
}

export function postLogin(
  app: FastifyInstance,
  jar: CookieJar,
  body: { uid: string; email: string; password: string },
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return browse(app, jar, '/api/auth/login', {
    method: 'POST',
    payload: body,
    headers: { ...WEB_CLIENT_HEADERS, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/**
 * Who is signing in, seen from the server: headers sent with every step (X-Forwarded-For
 * behind a trusted proxy) or the connection's address. The sign-in gives each address a small
 * share of the password checks at once (issue 25), so people signed in together need their own.
 */
type Client = { headers?: Record<string, string>; remoteAddress?: string };

/**
 * The whole built-in flow, as the browser walks it; returns the callback's response. While the
 * issuer's own session lasts, it skips the sign-in page (single sign-on), as a browser would.
 */
export async function signIn(
  app: FastifyInstance,
  jar: CookieJar,
  credentials: { email: string; password: string } = ACCOUNT,
  returnTo = '/',
  client: Client = {},
) {
  const start = await browse(
    app,
    jar,
    `/api/auth/signin?returnTo=${encodeURIComponent(returnTo)}`,
    client,
  );
  const authorize = await browse(app, jar, start.headers.location!, client);
  let callbackUrl = authorize.headers.location!;
  const uid = /^\/signin\/([^/?]+)$/.exec(callbackUrl)?.[1];
  if (uid) {
    const login = await postLogin(
      app,
      jar,
      { uid, ...credentials },
      client.headers,
      client.remoteAddress,
    );
    expect(login.statusCode).toBe(200);
    const resume = await browse(app, jar, login.json<{ redirectTo: string }>().redirectTo, client);
    expect(resume.statusCode).toBe(303);
    callbackUrl = resume.headers.location!;
  }
  expect(callbackUrl.startsWith('http://localhost:3000/api/auth/callback?')).toBe(true);
  return browse(app, jar, callbackUrl, client);
}

export const SESSION_COOKIE = '__Host-locals_session';
