import { createServer } from 'node:net';
import { AuthConfigSchema, MeResponseSchema } from '@locals/contracts/auth';
import { BUILTIN_ISSUER, users } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, WEB_CLIENT_HEADERS } from '../../testing/test-app';
import { ACCOUNT, browse, createCookieJar, postLogin, registerAccount } from '../../testing/auth-flow';
import { loadIssuerSecrets } from './issuer/issuer-secrets';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The API signing people in at an external issuer. The issuer here is another Locals instance's
 * built-in one, listening on 127.0.0.1, so the real discovery, token and JWKS requests go over HTTP.
 */
describe('signing in with an external issuer', () => {
  let issuerApp: TestApp;
  let api: TestApp;
  let origin: string;
  let issuerUserId: string;

  beforeAll(async () => {
    origin = `http://127.0.0.1:${await freePort()}`;
    issuerApp = await createTestApp({ env: { PUBLIC_URL: origin }, sleep: async () => {} });
    await issuerApp.app.listen({ port: Number(new URL(origin).port), host: '127.0.0.1' });
    issuerUserId = (await registerAccount(issuerApp.app)).id;
    const { clientSecret } = await loadIssuerSecrets(issuerApp.database.db);
    api = await createTestApp({
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
    });
  });
  afterAll(async () => {
    await api?.close();
    await issuerApp?.close();
  });

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
    expect(start.statusCode).toBe(302);
    const authorize = await visit(jar, start.headers.location!);
    const uid = authorize.headers.location!.split('/').pop()!;
    const login = await postLogin(
      issuerApp.app,
      jar,
      { uid, email: ACCOUNT.email, password: ACCOUNT.password },
      { host: new URL(origin).host },
    );
    expect(login.statusCode).toBe(200);
    const resume = await visit(jar, login.json<{ redirectTo: string }>().redirectTo);
    return visit(jar, resume.headers.location!);
  }

  it('tells the web app to register and reset at the issuer', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/auth/config' });

    expect(AuthConfigSchema.parse(response.json())).toEqual({
      issuer: 'external',
      registerUrl: `${origin}/register-at-issuer`,
      resetPasswordUrl: '/api/auth/signin',
    });
  });

  it.each([['/api/auth/register'], ['/api/auth/forgot-password']])(
    'hands %s over to the issuer',
    async (url) => {
      const response = await api.app.inject({
        method: 'POST',
        url,
        headers: WEB_CLIENT_HEADERS,
        payload: { ...ACCOUNT, email: 'someone@example.org' },
      });

      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'managed_by_issuer' });
    },
  );

  it("signs in with the issuer's subject, never merging with an account of the same email", async () => {
    // A built-in account with the same address, left over from before the switch.
    await registerAccount(api.app);
    const jar = createCookieJar();

    const callback = await signInAtIssuer(jar);

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/bookmarks');
    const me = await visit(jar, '/api/auth/me');
    expect(me.statusCode).toBe(200);
    const { user } = MeResponseSchema.parse(me.json());
    expect(user).toMatchObject({ email: ACCOUNT.email, firstName: 'Sam', lastName: 'Jones' });
    const [row] = await api.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      issuer: `${origin}/oidc`,
      subject: issuerUserId,
      passwordHash: null,
    });
    const builtin = await api.database.db
      .select()
      .from(users)
      .where(eq(users.issuer, BUILTIN_ISSUER));
    expect(builtin.map((account) => account.id)).not.toContain(user.id);
  });

  it("redirects to the issuer's end-session URL at logout", async () => {
    const jar = createCookieJar();
    await signInAtIssuer(jar);

    const response = await visit(jar, '/api/auth/logout', {
      method: 'POST',
      headers: WEB_CLIENT_HEADERS,
    });

    expect(response.statusCode).toBe(303);
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

    const accepted = await api.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${await sign(`${origin}/api`)}` },
    });
    const refused = await api.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${await sign('https://another.example')}` },
    });

    expect(accepted.statusCode).toBe(200);
    expect(MeResponseSchema.parse(accepted.json()).user.email).toBe('api.client@example.org');
    expect(refused.statusCode).toBe(401);
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
