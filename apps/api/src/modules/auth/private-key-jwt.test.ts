import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as auth from '@locals/contracts/routes/auth';
import { users } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { inject } from 'light-my-request';
import Provider, { errors, type Configuration } from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { createTestApp } from '../../testing/test-app';
import { SIGNIN_FAILED_PAGE } from './auth.routes';
import { browse, createCookieJar, type CookieJar } from '../../testing/auth-flow';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const CLIENT_ID = 'one-login-like';
const API_ORIGIN = 'http://localhost:3000';
const PERSON = {
  sub: 'urn:fdc:gov.uk:2022:one-login-like-subject',
  email: 'alex.smith@example.org',
  given_name: 'Alex',
  family_name: 'Smith',
};
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** What the issuer saw of each client assertion it verified. */
type SeenAssertion = {
  assertionType: unknown;
  clientSecret: unknown;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
};

const pkcs8 = (key: KeyObject) => key.export({ format: 'pem', type: 'pkcs8' }).toString();
const publicJwk = (key: KeyObject, kid: string) => ({ ...key.export({ format: 'jwk' }), kid });

/**
 * The API signing people in at an issuer that, like GOV.UK One Login, only accepts private_key_jwt
 * client authentication: a bare oidc-provider listening on 127.0.0.1, so the discovery, token and
 * JWKS requests are real HTTP, and the token endpoint checks the assertion's signature against the
 * client's registered public keys.
 */
describe('signing in with private_key_jwt client authentication', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** Not registered with the issuer: what someone holding only the client id might sign with. */
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const seenAssertions: SeenAssertion[] = [];
  const tokenErrors: Array<{ error: string; description: string | undefined }> = [];
  let server: Server;
  let provider: Provider;
  let issuer: string;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => dispatch(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    issuer = `http://127.0.0.1:${address.port}`;
    provider = createOneLoginLikeIssuer(issuer, {
      clientKeys: [publicJwk(rsa.publicKey, 'rsa-2025'), publicJwk(ec.publicKey, 'ec-2025')],
      seenAssertions,
    });
    provider.on('grant.error', (_ctx, error) =>
      tokenErrors.push({ error: error.error, description: error.error_description }),
    );
  });
  beforeEach(() => {
    seenAssertions.length = 0;
    tokenErrors.length = 0;
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** The bare provider at the issuer's origin, plus the sign-in step a person would take. */
  function dispatch(req: IncomingMessage, res: ServerResponse) {
    const login = /^\/interaction\/([^/?]+)\/login$/.exec(req.url ?? '');
    if (req.method === 'POST' && login) {
      void finishLogin(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void provider.callback()(req, res);
  }

  /** The person signs in (and consents to the scopes) at the issuer's own page. */
  async function finishLogin(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({
      accountId: PERSON.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: PERSON.sub }, consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: false },
    );
  }

  async function startApi(env: Record<string, string>) {
    const api = await createTestApp({
      env: {
        PUBLIC_URL: API_ORIGIN,
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_AUDIENCE: `${API_ORIGIN}/api`,
        OIDC_TOKEN_AUTH_METHOD: 'private_key_jwt',
        ...env,
      },
    });
    apps.push(api);
    return api;
  }

  /** A browser request to the issuer's origin (the API reaches the issuer over the network). */
  async function visitIssuer(jar: CookieJar, url: string, method: 'GET' | 'POST' = 'GET') {
    const target = new URL(url, issuer);
    const cookie = jar.headerFor(target.pathname);
    const response = await inject(dispatch, {
      method,
      url: `${target.pathname}${target.search}`,
      headers: { host: target.host, ...(cookie ? { cookie } : {}) },
    });
    jar.store(response);
    return response;
  }

  /** signin → authorize → the issuer's sign-in → back to the API's callback. */
  async function signIn(api: TestApp, apiJar: CookieJar) {
    const issuerJar = createCookieJar();
    const start = await browse(
      api.app,
      apiJar,
      `${API_ORIGIN}/api/auth/signin?returnTo=/bookmarks`,
    );
    await checkReply(auth.startSignIn, start, 302);
    const authorizationUrl = new URL(start.headers.location!);
    expect(authorizationUrl.origin).toBe(issuer);
    const authorize = await visitIssuer(issuerJar, authorizationUrl.href);
    expect(authorize.statusCode).toBe(303);
    const signInPage = authorize.headers.location!;
    expect(signInPage).toMatch(/^\/interaction\/[^/]+$/);
    const login = await visitIssuer(issuerJar, `${signInPage}/login`, 'POST');
    expect(login.statusCode).toBe(303);
    const resume = await visitIssuer(issuerJar, login.headers.location!);
    expect(resume.statusCode).toBe(303);
    const callbackUrl = resume.headers.location!;
    expect(callbackUrl.startsWith(`${API_ORIGIN}/api/auth/callback?code=`)).toBe(true);
    return browse(api.app, apiJar, callbackUrl);
  }

  const me = (api: TestApp, jar: CookieJar) =>
    browse(api.app, jar, `${API_ORIGIN}${auth.getCurrentUser.path}`);

  it('signs in, proving the client with a JWT signed by its private key (RS256, with kid)', async () => {
    const api = await startApi({
      // One line, as in most environment files.
      OIDC_CLIENT_PRIVATE_KEY: pkcs8(rsa.privateKey).replaceAll('\n', '\\n'),
      OIDC_CLIENT_PRIVATE_KEY_ID: 'rsa-2025',
    });
    const jar = createCookieJar();

    const callback = await signIn(api, jar);

    expect(tokenErrors).toEqual([]);
    await checkReply(auth.finishSignIn, callback, 302);
    expect(callback.headers.location).toBe('/bookmarks');
    const { user } = await checkReply(auth.getCurrentUser, await me(api, jar), 200);
    expect(user).toMatchObject({ email: PERSON.email, firstName: 'Alex', lastName: 'Smith' });
    const [row] = await api.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(row).toMatchObject({ issuer, subject: PERSON.sub, passwordHash: null });

    // The token request authenticated with a client assertion, and no secret.
    expect(seenAssertions).toHaveLength(1);
    const [seen] = seenAssertions;
    expect(seen).toMatchObject({
      assertionType: JWT_BEARER,
      clientSecret: undefined,
      header: { alg: 'RS256', kid: 'rsa-2025' },
      claims: { iss: CLIENT_ID, sub: CLIENT_ID, aud: `${issuer}/token` },
    });
    const { claims } = seen!;
    expect(typeof claims.jti).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(60);
  });

  it.each([
    ['PS256', () => rsa.privateKey],
    ['ES256', () => ec.privateKey],
  ])('signs the assertion with %s when asked, without a kid', async (alg, key) => {
    const api = await startApi({
      OIDC_CLIENT_PRIVATE_KEY: pkcs8(key()),
      OIDC_CLIENT_SIGNING_ALG: alg,
    });
    const jar = createCookieJar();

    const callback = await signIn(api, jar);

    expect(tokenErrors).toEqual([]);
    expect(callback.headers.location).toBe('/bookmarks');
    await checkReply(auth.getCurrentUser, await me(api, jar), 200);
    expect(seenAssertions.map((seen) => seen.header)).toEqual([{ alg }]);
  });

  it('ends at the sign-in failure notice when the assertion is signed with another key', async () => {
    const api = await startApi({
      OIDC_CLIENT_PRIVATE_KEY: pkcs8(stranger.privateKey),
      OIDC_CLIENT_PRIVATE_KEY_ID: 'rsa-2025',
    });
    const jar = createCookieJar();

    const callback = await signIn(api, jar);

    await checkReply(auth.finishSignIn, callback, 302);
    expect(callback.headers.location).toBe(SIGNIN_FAILED_PAGE);
    expect(tokenErrors.map((rejection) => rejection.error)).toEqual(['invalid_client']);
    expect(seenAssertions).toEqual([]);
    expect(await checkReply(auth.getCurrentUser, await me(api, jar), 200)).toEqual({ user: null });
    expect(await api.database.db.select().from(users)).toEqual([]);
  });
});

/**
 * An issuer with one client that may only authenticate with private_key_jwt, and which (like
 * GOV.UK One Login) accepts a client assertion only when its `aud` is the token endpoint URL.
 */
function createOneLoginLikeIssuer(
  issuer: string,
  options: { clientKeys: object[]; seenAssertions: SeenAssertion[] },
): Provider {
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT_ID,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: options.clientKeys },
        redirect_uris: [`${API_ORIGIN}/api/auth/callback`],
        post_logout_redirect_uris: [`${API_ORIGIN}/`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'issuer-key', use: 'sig' }] },
    cookies: { keys: ['a-cookie-signing-key-for-this-test-only'] },
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    // The API reads the person's name and email from the id token.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 300,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) =>
      sub === PERSON.sub
        ? { accountId: sub, claims: () => ({ ...PERSON, email_verified: true }) }
        : undefined,
    assertJwtClientAuthClaimsAndHeader: (ctx, claims, header) => {
      options.seenAssertions.push({
        assertionType: ctx.oidc.params?.client_assertion_type,
        clientSecret: ctx.oidc.params?.client_secret,
        header,
        claims,
      });
      if (claims.aud !== ctx.oidc.urlFor('token')) {
        throw new errors.InvalidClientAuth('aud must be the token endpoint URL');
      }
    },
  };
  return new Provider(issuer, configuration);
}
