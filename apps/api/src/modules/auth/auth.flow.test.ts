import * as auth from '@locals/contracts/routes/auth';
import { sessions } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, checkReply } from '../../testing/contract-reply';
import { useTestApp, WEB_CLIENT_HEADERS } from '../../testing/test-app';
import {
  ACCOUNT,
  browse,
  createCookieJar,
  registerAccount,
  SESSION_COOKIE,
  signIn,
  startSignIn,
} from '../../testing/auth-flow';
import { sha256 } from '../../lib/secrets';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('signing in with the built-in issuer', () => {
  let now = new Date('2026-03-02T09:00:00Z');
  let userId: string;
  const testApp = useTestApp({ now: () => now, sleep: async () => {} });
  beforeAll(async () => {
    userId = (await registerAccount(testApp.app)).id;
  });

  const me = (jar: ReturnType<typeof createCookieJar>) =>
    browse(testApp.app, jar, auth.getCurrentUser.path);
  /** Whether GET /api/auth/me names someone for this browser (checked against its contract). */
  const isSignedIn = async (jar: ReturnType<typeof createCookieJar>) => {
    const { user } = await checkReply(auth.getCurrentUser, await me(jar), 200);
    return user !== null;
  };
  const logoutRoute = { GET: auth.logOut, POST: auth.logOutByPost };
  const logout = (
    jar: ReturnType<typeof createCookieJar>,
    headers: Record<string, string> = WEB_CLIENT_HEADERS,
    method: 'GET' | 'POST' = 'POST',
  ) => browse(testApp.app, jar, logoutRoute[method].path, { method, headers });
  const checkLogout = (response: InjectResponse, status: 303 | 403, method: 'GET' | 'POST') =>
    checkReply(logoutRoute[method], response, status);

  it('tells the web app that accounts are built in', async () => {
    const response = await callRoute(testApp.app, auth.getAuthConfig, {});

    expect(await checkReply(auth.getAuthConfig, response, 200)).toEqual({
      issuer: 'builtin',
      registerUrl: null,
      resetPasswordUrl: null,
    });
  });

  it('documents every auth route in the OpenAPI document, and none of the issuer internals', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });

    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(
        [
          'config',
          'signin',
          'callback',
          'me',
          'logout',
          'register',
          'login',
          'interaction/{uid}',
          'forgot-password',
          'reset-password',
        ].map((path) => `/api/auth/${path}`),
      ),
    );
    expect(paths.filter((path) => path.startsWith('/oidc'))).toEqual([]);
  });

  it('sends the browser to the issuer with PKCE, state, nonce, the scopes and the API resource', async () => {
    const { authorizationUrl } = await startSignIn(testApp.app, createCookieJar());

    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(
      'http://localhost:3000/oidc/auth',
    );
    const params = authorizationUrl.searchParams;
    expect(params.get('client_id')).toBe('locals-web');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('resource')).toBe('http://localhost:3000/api');
    expect(params.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback');
  });

  it('walks the authorization code flow and returns the browser where it started, signed in', async () => {
    const jar = createCookieJar();

    const callback = await signIn(testApp.app, jar, ACCOUNT, '/results?postcode=BS1&radius=5');

    await checkReply(auth.finishSignIn, callback, 302);
    expect(callback.headers.location).toBe('/results?postcode=BS1&radius=5');
    const { user } = await checkReply(auth.getCurrentUser, await me(jar), 200);
    expect(user).toMatchObject({
      id: userId,
      email: ACCOUNT.email,
      firstName: 'Sam',
      lastName: 'Jones',
    });
  });

  it('sets a __Host- session cookie: HttpOnly, Secure, SameSite=Lax, Path=/, holding only a random token', async () => {
    const callback = await signIn(testApp.app, createCookieJar());

    const setCookie = [callback.headers['set-cookie']]
      .flat()
      .find((value) => value?.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const token = /^[^=]+=([^;]+)/.exec(setCookie!)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await testApp.database.db
      .select({ id: sessions.id, idToken: sessions.idToken })
      .from(sessions);
    expect(rows.map((row) => row.id)).not.toContain(token);
  });

  it('gives the browser a new session id at every sign-in and deletes the old one', async () => {
    const jar = createCookieJar();
    await signIn(testApp.app, jar);
    const first = jar.get(SESSION_COOKIE);

    await signIn(testApp.app, jar);
    const second = jar.get(SESSION_COOKIE);

    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = await callRoute(
      testApp.app,
      auth.getCurrentUser,
      {},
      { headers: { cookie: `${SESSION_COOKIE}=${first}` } },
    );
    expect(await checkReply(auth.getCurrentUser, stale, 200)).toEqual({ user: null });
    expect(await isSignedIn(jar)).toBe(true);
  });

  it.each([
    ['//evil.com'],
    ['https://evil.com'],
    ['/\\evil.com'],
    ['javascript:alert(1)'],
    ['/%0a/evil.com'.replace('%0a', '\n')],
    // Issue 11: both used to end at Location: //evil.example.
    ['/..//evil.example'],
    ['/.//evil.example'],
  ])('returns to / instead of %j', async (returnTo) => {
    const callback = await signIn(testApp.app, createCookieJar(), ACCOUNT, returnTo);

    expect(callback.headers.location).toBe('/');
  });

  describe('GET /api/auth/callback', () => {
    it.each([
      ['an unknown state', '?code=abc&state=forged'],
      ['no state', '?code=abc'],
      ['an error from the issuer', '?error=access_denied&state=forged'],
      // Issue 11, item 3: these showed the person a page of JSON.
      ['a NUL byte in the state', '?code=abc&state=%00'],
      ['a NUL byte in the code', '?code=a%00bc&state=forged'],
      ['a control character in any other value', '?error=%1b&state=forged'],
      ['a state longer than any we make', `?code=abc&state=${'s'.repeat(501)}`],
    ])('sends the browser to the failure toast after %s', async (_case, query) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/auth/callback${query}`,
      });

      await checkReply(auth.finishSignIn, response, 302);
      expect(response.headers.location).toBe('/?signin=failed');
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('sends a sign-in link with a NUL byte in returnTo to the failure toast, not to JSON', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/signin?returnTo=%2Fresults%00',
      });

      await checkReply(auth.startSignIn, response, 302);
      expect(response.headers.location).toBe('/?signin=failed');
    });

    it('refuses a code replayed with a used state', async () => {
      const jar = createCookieJar();
      const { uid } = await startSignIn(testApp.app, jar);
      const login = await browse(testApp.app, jar, '/api/auth/login', {
        method: 'POST',
        payload: { uid, email: ACCOUNT.email, password: ACCOUNT.password },
        headers: WEB_CLIENT_HEADERS,
      });
      const resume = await browse(
        testApp.app,
        jar,
        login.json<{ redirectTo: string }>().redirectTo,
      );
      const callbackUrl = resume.headers.location!;
      await browse(testApp.app, jar, callbackUrl);

      const replay = await browse(testApp.app, createCookieJar(), callbackUrl);

      await checkReply(auth.finishSignIn, replay, 302);
      expect(replay.headers.location).toBe('/?signin=failed');
    });

    it('fails safely when the issuer reports that the person cancelled', async () => {
      const jar = createCookieJar();
      const { authorizationUrl } = await startSignIn(testApp.app, jar);
      const state = authorizationUrl.searchParams.get('state')!;

      const response = await browse(
        testApp.app,
        jar,
        `/api/auth/callback?error=access_denied&state=${state}&iss=${encodeURIComponent('http://localhost:3000/oidc')}`,
      );

      await checkReply(auth.finishSignIn, response, 302);
      expect(response.headers.location).toBe('/?signin=failed');
    });
  });

  describe('GET /api/auth/me', () => {
    it('answers 200 { user: null } when no one is signed in: an answer, not an error', async () => {
      const response = await callRoute(testApp.app, auth.getCurrentUser, {});

      expect(await checkReply(auth.getCurrentUser, response, 200)).toEqual({ user: null });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers 200 { user: null } to a cookie whose session is unknown', async () => {
      const response = await callRoute(
        testApp.app,
        auth.getCurrentUser,
        {},
        { headers: { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` } },
      );

      expect(await checkReply(auth.getCurrentUser, response, 200)).toEqual({ user: null });
    });

    it('ends a session after 24 hours without activity, and keeps an active one going', async () => {
      const idle = createCookieJar();
      const active = createCookieJar();
      await signIn(testApp.app, idle);
      await signIn(testApp.app, active);

      now = new Date(now.getTime() + 23 * HOUR);
      expect(await isSignedIn(active)).toBe(true);
      now = new Date(now.getTime() + 2 * HOUR);

      expect(await isSignedIn(idle)).toBe(false);
      expect(await isSignedIn(active)).toBe(true);
    });

    it('ends every session 30 days after sign-in, however active', async () => {
      const jar = createCookieJar();
      await signIn(testApp.app, jar);

      for (let day = 1; day < 30; day += 1) {
        now = new Date(now.getTime() + DAY - HOUR);
        expect(await isSignedIn(jar)).toBe(true);
      }
      now = new Date(now.getTime() + 2 * DAY);

      expect(await isSignedIn(jar)).toBe(false);
    });

    it('deletes sessions that ended without their cookie coming back when anyone signs in', async () => {
      const sessionRow = async (jar: ReturnType<typeof createCookieJar>) =>
        testApp.database.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(eq(sessions.id, sha256(jar.get(SESSION_COOKIE)!)));
      const forgotten = createCookieJar();
      const stillIn = createCookieJar();
      await signIn(testApp.app, forgotten);
      now = new Date(now.getTime() + 12 * HOUR);
      await signIn(testApp.app, stillIn);

      now = new Date(now.getTime() + 13 * HOUR);
      await signIn(testApp.app, createCookieJar());

      expect(await sessionRow(forgotten)).toEqual([]);
      expect(await sessionRow(stillIn)).toHaveLength(1);
      expect(await isSignedIn(stillIn)).toBe(true);
    });
  });

  describe('logging out (GET or POST /api/auth/logout, a navigation)', () => {
    const idTokenOf = async (jar: ReturnType<typeof createCookieJar>) => {
      const [row] = await testApp.database.db
        .select({ idToken: sessions.idToken })
        .from(sessions)
        .where(eq(sessions.id, sha256(jar.get(SESSION_COOKIE)!)));
      return row!.idToken!;
    };

    it.each([
      ['a form POST', 'POST' as const, WEB_CLIENT_HEADERS],
      ['a same-origin GET navigation', 'GET' as const, { 'sec-fetch-site': 'same-origin' }],
      ['a GET from a browser without Sec-Fetch-Site', 'GET' as const, {}],
    ])(
      'on %s: ends the session, clears the cookie and answers 303 to the issuer, with no token in the body',
      async (_case, method, headers) => {
        const jar = createCookieJar();
        await signIn(testApp.app, jar);
        const idToken = await idTokenOf(jar);

        const response = await logout(jar, headers, method);

        await checkLogout(response, 303, method);
        expect(response.headers['cache-control']).toBe('no-store');
        const url = new URL(response.headers.location!);
        expect(url.origin + url.pathname).toBe('http://localhost:3000/oidc/session/end');
        expect(url.searchParams.get('id_token_hint')).toBe(idToken);
        expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/');
        // Issue 11: the id token names the person; page JavaScript must never be handed it.
        expect(response.body).not.toContain(idToken);
        expect(response.body).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
        expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
        expect(await isSignedIn(jar)).toBe(false);
      },
    );

    it("ends the issuer's session too and lands back on the site", async () => {
      const jar = createCookieJar();
      await signIn(testApp.app, jar);
      const loggedOut = await logout(jar);
      await checkLogout(loggedOut, 303, 'POST');
      const logoutUrl = loggedOut.headers.location!;

      const confirmation = await browse(testApp.app, jar, logoutUrl, {
        headers: { accept: 'text/html' },
      });
      expect(confirmation.statusCode).toBe(200);
      const csp = String(confirmation.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
      const action = /action="([^"]+)"/.exec(confirmation.body)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirmation.body)?.[1];
      expect(confirmation.body).toContain('name="logout" value="yes"');
      const confirm = await testApp.app.inject({
        method: 'POST',
        url: new URL(action!).pathname,
        headers: {
          host: 'localhost:3000',
          cookie: jar.headerFor(new URL(action!).pathname),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
      });

      expect(confirm.statusCode).toBe(303);
      expect(confirm.headers.location).toBe('http://localhost:3000/');
      // Signing in again needs the password: the issuer's session is over.
      const { uid } = await startSignIn(testApp.app, jar);
      expect(uid).toBeTruthy();
    });

    it('redirects to / when the session had already ended', async () => {
      const response = await logout(createCookieJar());

      await checkLogout(response, 303, 'POST');
      expect(response.headers.location).toBe('/');
    });

    it.each([['cross-site'], ['same-site']])(
      'keeps the session when the GET comes from another site (Sec-Fetch-Site: %s)',
      async (site) => {
        const jar = createCookieJar();
        await signIn(testApp.app, jar);

        const response = await logout(jar, { 'sec-fetch-site': site }, 'GET');

        await checkLogout(response, 303, 'GET');
        expect(response.headers.location).toBe('/');
        expect(await isSignedIn(jar)).toBe(true);
      },
    );

    it('refuses a cookie-authenticated POST without X-Requested-With, or from a foreign Origin', async () => {
      const jar = createCookieJar();
      await signIn(testApp.app, jar);

      const withoutHeader = await logout(jar, {});
      const foreign = await logout(jar, { ...WEB_CLIENT_HEADERS, origin: 'https://evil.example' });

      await checkLogout(withoutHeader, 403, 'POST');
      expect(await checkLogout(foreign, 403, 'POST')).toMatchObject({ code: 'csrf_check_failed' });
      expect(await isSignedIn(jar)).toBe(true);
    });
  });

  describe('the issuer at /oidc', () => {
    it('publishes its discovery document at PUBLIC_URL/oidc whatever Host the request names', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });

      expect(response.statusCode).toBe(200);
      const document = response.json<Record<string, unknown>>();
      expect(document.issuer).toBe('http://localhost:3000/oidc');
      expect(document.token_endpoint).toBe('http://localhost:3000/oidc/token');
      expect(document.code_challenge_methods_supported).toEqual(['S256']);
    });

    it('reads its own form bodies (the API stays JSON-only) and has no CSRF header rule', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        payload:
          'grant_type=authorization_code&code=forged&client_id=locals-web&client_secret=wrong',
      });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'invalid_client' });
    });

    // Issue 25: `access_token=a%00b` reached oidc-provider, which answered 500.
    it.each([
      ['/oidc/me', 'application/x-www-form-urlencoded', 'access_token=a%00b'],
      ['/oidc/me', 'application/x-www-form-urlencoded', 'access_to%01ken=ab'],
      [
        '/oidc/token',
        'application/x-www-form-urlencoded',
        'grant_type=authorization_code&code=a%00b&client_id=locals-web&client_secret=x',
      ],
      ['/oidc/token/introspection', 'application/json', '{"token":"a\\u0000b"}'],
    ])(
      'answers 400 invalid_request to %s with a control character in its %s body',
      async (url, type, payload) => {
        const response = await testApp.app.inject({
          method: 'POST',
          url,
          headers: { host: 'localhost:3000', 'content-type': type },
          payload,
        });

        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: 'invalid_request' });
      },
    );

    it('keeps the strict CSP on its error pages', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/oidc/auth?client_id=unknown',
        headers: { host: 'localhost:3000', accept: 'text/html' },
      });

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('There is a problem signing you in');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self';");
    });
  });
});
