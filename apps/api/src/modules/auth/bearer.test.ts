import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import * as accounts from '@locals/contracts/routes/accounts';
import * as auth from '@locals/contracts/routes/auth';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, checkReply } from '../../testing/contract-reply';
import { useTestApp } from '../../testing/test-app';
import {
  ACCOUNT,
  browse,
  createCookieJar,
  postLogin,
  registerAccount,
  signIn,
} from '../../testing/auth-flow';
import { loadIssuerSecrets } from './issuer/issuer-secrets';

const ISSUER = 'http://localhost:3000/oidc';
const AUDIENCE = 'http://localhost:3000/api';

describe('bearer access tokens', () => {
  let userId: string;
  const testApp = useTestApp({ sleep: async () => {} });
  beforeAll(async () => {
    userId = (await registerAccount(testApp.app)).id;
  });

  const me = (token: string) =>
    callRoute(
      testApp.app,
      auth.getCurrentUser,
      {},
      { headers: { authorization: `Bearer ${token}` } },
    );

  /** A token signed with the issuer's own key, with claims we choose. */
  async function mint(claims: JWTPayload, options: { alg?: string; kid?: boolean } = {}) {
    const { signingKeys } = await loadIssuerSecrets(testApp.database.db);
    const jwk = signingKeys[0]!;
    const key = await importJWK(jwk, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: userId,
      iat: now,
      exp: now + 600,
      ...claims,
    })
      .setProtectedHeader({ alg: options.alg ?? 'RS256', typ: 'at+jwt', kid: jwk.kid })
      .sign(key);
  }

  /** Walks the code flow as a third-party client would and returns the issuer's access token. */
  async function accessTokenFromIssuer(): Promise<string> {
    const configuration = await testApp.app.relyingParty.getConfiguration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: 'http://localhost:3000/api/auth/callback',
      scope: 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      resource: AUDIENCE,
    });
    const jar = createCookieJar();
    const authorize = await browse(testApp.app, jar, url.href);
    const uid = authorize.headers.location!.split('/').pop()!;
    const login = await postLogin(testApp.app, jar, {
      uid,
      email: ACCOUNT.email,
      password: ACCOUNT.password,
    });
    const { redirectTo } = await checkReply(accounts.logIn, login, 200);
    const resume = await browse(testApp.app, jar, redirectTo);
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      new URL(resume.headers.location!),
      {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      },
    );
    return tokens.access_token;
  }

  it('accepts an access token the issuer made for the API, as that user', async () => {
    const token = await accessTokenFromIssuer();
    expect(decodeJwt(token)).toMatchObject({ iss: ISSUER, aud: AUDIENCE, sub: userId });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });

    const { user } = await checkReply(auth.getCurrentUser, await me(token), 200);

    expect(user?.id).toBe(userId);
  });

  it('allows a state-changing request without the CSRF header: bearer requests carry no cookie', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { authorization: `Bearer ${await mint({})}` },
      payload: { email: 'bearer.client@example.org' },
    });

    expect(response.statusCode).toBe(200);
  });

  it('accepts expiry within the 60-second clock leeway (spec 9)', async () => {
    const now = Math.floor(Date.now() / 1000);
    await checkReply(auth.getCurrentUser, await me(await mint({ exp: now - 30 })), 200);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each<[string, () => Promise<string>]>([
    ['a wrong audience', () => mint({ aud: 'http://localhost:3000/other-api' })],
    ['the id token audience (the client id)', () => mint({ aud: 'locals-web' })],
    ['a wrong issuer', () => mint({ iss: 'https://evil.example/oidc' })],
    ['an expired token', () => mint({ exp: now() - 120 })],
    ['a token not valid yet', () => mint({ nbf: now() + 300 })],
    ['an unknown subject', () => mint({ sub: '00000000-0000-4000-8000-000000000000' })],
    [
      'a bad signature',
      async () => {
        const token = await mint({});
        const [header, payload] = token.split('.');
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const forged = await new SignJWT(decodeJwt(token))
          .setProtectedHeader(decodeProtectedHeader(token) as { alg: string })
          .sign(privateKey);
        return `${header}.${payload}.${forged.split('.')[2]}`;
      },
    ],
    [
      "alg 'none'",
      () =>
        Promise.resolve(
          `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ iss: ISSUER, aud: AUDIENCE, sub: userId, exp: now() + 600 })}.`,
        ),
    ],
    [
      'HS256 signed with the public key as the secret',
      async () => {
        const { signingKeys } = await loadIssuerSecrets(testApp.database.db);
        const { kty, n, e } = signingKeys[0]!;
        const publicPem = createPublicKey({ key: { kty, n, e }, format: 'jwk' }).export({
          type: 'spki',
          format: 'pem',
        });
        return new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: userId, exp: now() + 600 })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode(String(publicPem)));
      },
    ],
    ['not a JWT at all', () => Promise.resolve('not-a-token')],
  ])('refuses %s with 401', async (_case, makeToken) => {
    const response = await me(await makeToken());

    expect(await checkReply(auth.getCurrentUser, response, 401)).toEqual({
      code: 'unauthenticated',
      message: 'Please sign in.',
    });
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('never falls back to the session cookie when a bearer token is refused', async () => {
    const jar = createCookieJar();
    await signIn(testApp.app, jar);
    const { user } = await checkReply(
      auth.getCurrentUser,
      await browse(testApp.app, jar, auth.getCurrentUser.path),
      200,
    );
    expect(user?.id).toBe(userId);

    const response = await browse(testApp.app, jar, auth.getCurrentUser.path, {
      headers: { authorization: 'Bearer not-a-token' },
    });

    await checkReply(auth.getCurrentUser, response, 401);
  });
});
