import { createServer } from 'node:net';
import * as accounts from '@locals/contracts/routes/accounts';
import * as auth from '@locals/contracts/routes/auth';
import { BUILTIN_ISSUER, users } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, checkReply } from '../../testing/contract-reply';
import { useTestApp, WEB_CLIENT_HEADERS } from '../../testing/test-app';
import {
  ACCOUNT,
  browse,
  createCookieJar,
  postLogin,
  registerAccount,
} from '../../testing/auth-flow';
import { loadIssuerSecrets } from './issuer/issuer-secrets';

/**
 * The API signing people in at an external issuer. The issuer here is another Locals instance's
 * built-in one, listening on 127.0.0.1, so the real discovery, token and JWKS requests go over HTTP.
 */
describe('signing in with an external issuer', () => {
  let origin: string;
  let issuerUserId: string;
  let clientSecret: string;

  // Hooks run in order (and the apps close in reverse): the port, the issuer, then the API.
  beforeAll(async () => {
    origin = `http://127.0.0.1:${await freePort()}`;
  });
  const issuerApp = useTestApp(() => ({ env: { PUBLIC_URL: origin }, sleep: async () => {} }));
  beforeAll(async () => {
    await issuerApp.app.listen({ port: Number(new URL(origin).port), host: '127.0.0.1' });
    issuerUserId = (await registerAccount(issuerApp.app)).id;
    ({ clientSecret } = await loadIssuerSecrets(issuerApp.database.db));
  });
  const api = useTestApp(() => ({
    env: {
      // The same origin, so the issuer's registered redirect URI is this API's callback.
      PUBLIC_URL: origin,
      OIDC_ISSUER: `${origin}/oidc`,
      OIDC_CLIENT_ID: 'locals-web',
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_AUDIENCE: `${origin}/api`,
      OIDC_TOKEN_AUTH_METHOD: 'client_secret_basic',
      OIDC_REGISTER_URL: `${origin}/register-at-issuer`,
    },
  }));

  /** One browser, two servers: the issuer's pages and the API's routes share the origin. */
  const visit = (
    jar: ReturnType<typeof createCookieJar>,
    url: string,
    init?: Parameters<typeof browse>[3],
  ) =>
    browse(
      new URL(url, origin).pathname.startsWith('/oidc/') ? issuerApp.app : api.app,
      jar,
      new URL(url, origin).href,
      init,
    );

  async function signInAtIssuer(jar: ReturnType<typeof createCookieJar>) {
    const start = await visit(jar, '/api/auth/signin?returnTo=/bookmarks');
    await checkReply(auth.startSignIn, start, 302);
    const authorize = await visit(jar, start.headers.location!);
    const uid = authorize.headers.location!.split('/').pop()!;
    const login = await postLogin(
      issuerApp.app,
      jar,
      { uid, email: ACCOUNT.email, password: ACCOUNT.password },
      { host: new URL(origin).host },
    );
    const { redirectTo } = await checkReply(accounts.logIn, login, 200);
    const resume = await visit(jar, redirectTo);
    return visit(jar, resume.headers.location!);
  }

  it('tells the web app to register and reset at the issuer', async () => {
    const response = await callRoute(api.app, auth.getAuthConfig, {});

    expect(await checkReply(auth.getAuthConfig, response, 200)).toEqual({
      issuer: 'external',
      registerUrl: `${origin}/register-at-issuer`,
      resetPasswordUrl: '/api/auth/signin',
    });
  });

  it.each([accounts.register, accounts.requestPasswordReset])(
    'hands $path over to the issuer',
    async (route) => {
      const response = await callRoute(
        api.app,
        route,
        { body: { ...ACCOUNT, email: 'someone@example.org' } },
        { headers: WEB_CLIENT_HEADERS },
      );

      expect(await checkReply(route, response, 409)).toMatchObject({ code: 'managed_by_issuer' });
    },
  );

  it("signs in with the issuer's subject, never merging with an account of the same email", async () => {
    // A built-in account with the same address, left over from before the switch.
    await registerAccount(api.app);
    const jar = createCookieJar();

    const callback = await signInAtIssuer(jar);

    await checkReply(auth.finishSignIn, callback, 302);
    expect(callback.headers.location).toBe('/bookmarks');
    const { user } = await checkReply(
      auth.getCurrentUser,
      await visit(jar, auth.getCurrentUser.path),
      200,
    );
    expect(user).toMatchObject({ email: ACCOUNT.email, firstName: 'Sam', lastName: 'Jones' });
    const [row] = await api.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(row).toMatchObject({
      issuer: `${origin}/oidc`,
      subject: issuerUserId,
      passwordHash: null,
    });
    const builtin = await api.database.db
      .select()
      .from(users)
      .where(eq(users.issuer, BUILTIN_ISSUER));
    expect(builtin.map((account) => account.id)).not.toContain(user!.id);
  });

  it("redirects to the issuer's end-session URL at logout", async () => {
    const jar = createCookieJar();
    await signInAtIssuer(jar);

    const response = await visit(jar, auth.logOutByPost.path, {
      method: auth.logOutByPost.method,
      headers: WEB_CLIENT_HEADERS,
    });

    await checkReply(auth.logOutByPost, response, 303);
    expect(new URL(response.headers.location!).pathname).toBe('/oidc/session/end');
  });

  it("verifies bearer tokens against the issuer's published keys", async () => {
    const { signingKeys } = await loadIssuerSecrets(issuerApp.database.db);
    const key = await importJWK(signingKeys[0]!, 'RS256');
    const sign = (audience: string) =>
      new SignJWT({ email: 'api.client@example.org' })
        .setProtectedHeader({ alg: 'RS256', kid: signingKeys[0]!.kid })
        .setIssuer(`${origin}/oidc`)
        .setAudience(audience)
        .setSubject('a-subject-seen-only-by-the-api')
        .setExpirationTime('5m')
        .sign(key);

    const meWith = async (token: string) =>
      callRoute(
        api.app,
        auth.getCurrentUser,
        {},
        { headers: { authorization: `Bearer ${token}` } },
      );
    const accepted = await meWith(await sign(`${origin}/api`));
    const refused = await meWith(await sign('https://another.example'));

    const { user } = await checkReply(auth.getCurrentUser, accepted, 200);
    expect(user?.email).toBe('api.client@example.org');
    await checkReply(auth.getCurrentUser, refused, 401);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
