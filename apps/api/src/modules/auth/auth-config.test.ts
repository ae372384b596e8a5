import { generateKeyPairSync, KeyObject } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';

const base = { PUBLIC_URL: 'https://locals.example' };
const external = {
  OIDC_ISSUER: 'https://locals.eu.auth0.com/',
  OIDC_CLIENT_ID: 'abc',
  OIDC_CLIENT_SECRET: 'secret',
  OIDC_AUDIENCE: 'https://api.locals.example',
};

describe('sign-in configuration', () => {
  it('defaults to the built-in issuer, the API audience and a Secure cookie', () => {
    expect(loadConfig(base).auth).toEqual({
      external: null,
      audience: 'https://locals.example/api',
      secureCookie: true,
    });
  });

  it('uses an external issuer when all four variables are set', () => {
    expect(
      loadConfig({ ...base, ...external, OIDC_REGISTER_URL: 'https://locals.eu.auth0.com/signup' })
        .auth,
    ).toEqual({
      external: {
        issuer: 'https://locals.eu.auth0.com/',
        clientId: 'abc',
        clientAuth: { method: 'client_secret_post', clientSecret: 'secret' },
        registerUrl: 'https://locals.eu.auth0.com/signup',
        resetPasswordUrl: undefined,
        scopes: 'openid profile email',
      },
      audience: 'https://api.locals.example',
      secureCookie: true,
    });
  });

  it.each([['OIDC_ISSUER'], ['OIDC_CLIENT_ID'], ['OIDC_CLIENT_SECRET'], ['OIDC_AUDIENCE']])(
    'refuses to start with %s missing from an external issuer, naming it',
    (missing) => {
      const env: Record<string, string> = { ...base, ...external };
      delete env[missing];
      if (missing === 'OIDC_AUDIENCE') {
        expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${missing} must be set too`);
      } else {
        expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration: ${missing}\\b`));
      }
    },
  );

  it('asks an external issuer for OIDC_SCOPES (GOV.UK One Login refuses profile)', () => {
    expect(
      loadConfig({ ...base, ...external, OIDC_SCOPES: '  openid   email ' }).auth.external?.scopes,
    ).toBe('openid email');
  });

  it('refuses scopes without openid, saying what to write', () => {
    expect(() => loadConfig({ ...base, ...external, OIDC_SCOPES: 'email profile' })).toThrow(
      /OIDC_SCOPES must include openid \(for example "openid email"\)/,
    );
  });

  it('lets SESSION_SECURE_COOKIE=false drop Secure, for plain-http hosts', () => {
    expect(loadConfig({ ...base, SESSION_SECURE_COOKIE: 'false' }).auth.secureCookie).toBe(false);
  });

  it('refuses an issuer that is not a URL', () => {
    expect(() => loadConfig({ ...base, ...external, OIDC_ISSUER: 'auth0' })).toThrow(
      /OIDC_ISSUER must be a full http\(s\) URL/,
    );
  });
});

describe('private_key_jwt client authentication', () => {
  const pem = (key: KeyObject, type: 'pkcs8' | 'pkcs1' | 'spki' = 'pkcs8') =>
    key.export({ format: 'pem', type }).toString();
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rsaPem = pem(rsa.privateKey);
  const oneLogin = {
    OIDC_ISSUER: 'https://oidc.integration.account.gov.uk/',
    OIDC_CLIENT_ID: 'one-login-client',
    OIDC_AUDIENCE: 'https://api.locals.example',
    OIDC_TOKEN_AUTH_METHOD: 'private_key_jwt',
    // As it usually arrives in an environment variable: one line, with literal \n escapes.
    OIDC_CLIENT_PRIVATE_KEY: rsaPem.trim().replaceAll('\n', '\\n'),
  };
  /** A line from the middle of a PEM's base64 body: key material that must never be printed. */
  const keyMaterial = (text: string) => text.split('\n')[5]!;

  it('signs with the key, RS256 by default, and needs no client secret', () => {
    const config = loadConfig({ ...base, ...oneLogin, OIDC_CLIENT_PRIVATE_KEY_ID: 'key-2025' });

    expect(config.auth.external).toMatchObject({
      issuer: 'https://oidc.integration.account.gov.uk/',
      clientId: 'one-login-client',
      clientAuth: {
        method: 'private_key_jwt',
        keyId: 'key-2025',
        signingAlg: 'RS256',
      },
    });
    const { clientAuth } = config.auth.external!;
    if (clientAuth.method !== 'private_key_jwt') throw new Error('expected private_key_jwt');
    expect(clientAuth.privateKey).toBeInstanceOf(KeyObject);
    expect(pem(clientAuth.privateKey)).toBe(rsaPem);
    expect(clientAuth).not.toHaveProperty('clientSecret');
  });

  it('ignores a client secret left over from client_secret_post', () => {
    const config = loadConfig({ ...base, ...oneLogin, OIDC_CLIENT_SECRET: 'old-secret' });

    expect(config.auth.external?.clientAuth.method).toBe('private_key_jwt');
    expect(JSON.stringify(config)).not.toContain('old-secret');
  });

  it.each([
    ['PS256', rsa.privateKey],
    ['ES256', ec.privateKey],
  ])('accepts OIDC_CLIENT_SIGNING_ALG=%s with a key of its kind', (alg, key) => {
    const config = loadConfig({
      ...base,
      ...oneLogin,
      OIDC_CLIENT_PRIVATE_KEY: pem(key),
      OIDC_CLIENT_SIGNING_ALG: alg,
    });

    expect(config.auth.external?.clientAuth).toMatchObject({ signingAlg: alg, keyId: undefined });
  });

  it('accepts a PKCS#1 RSA key too, as older openssl commands write them', () => {
    const config = loadConfig({
      ...base,
      ...oneLogin,
      OIDC_CLIENT_PRIVATE_KEY: pem(rsa.privateKey, 'pkcs1'),
    });

    expect(config.auth.external?.clientAuth.method).toBe('private_key_jwt');
  });

  it('keeps the key out of anything that prints or serialises the configuration', () => {
    const config = loadConfig({ ...base, ...oneLogin });

    expect(JSON.stringify(config)).not.toContain(keyMaterial(rsaPem));
    expect(inspect(config, { depth: null })).not.toContain(keyMaterial(rsaPem));
  });

  it.each([
    [
      'the key missing',
      { OIDC_CLIENT_PRIVATE_KEY: '' },
      'Invalid configuration: OIDC_CLIENT_PRIVATE_KEY must be set when OIDC_TOKEN_AUTH_METHOD is private_key_jwt',
    ],
    [
      'the key and the client id missing',
      { OIDC_CLIENT_PRIVATE_KEY: '', OIDC_CLIENT_ID: '' },
      /OIDC_CLIENT_ID must be set too.*; OIDC_CLIENT_PRIVATE_KEY must be set when OIDC_TOKEN_AUTH_METHOD is private_key_jwt/,
    ],
    [
      'a key that is not PEM',
      { OIDC_CLIENT_PRIVATE_KEY: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC' },
      /^Invalid configuration: OIDC_CLIENT_PRIVATE_KEY must be an unencrypted PEM private key/,
    ],
    [
      'a damaged PEM',
      { OIDC_CLIENT_PRIVATE_KEY: rsaPem.replace(/\n[A-Za-z0-9+/]{20}/, '\n') },
      /^Invalid configuration: OIDC_CLIENT_PRIVATE_KEY must be an unencrypted PEM private key/,
    ],
    [
      'a public key',
      { OIDC_CLIENT_PRIVATE_KEY: pem(rsa.publicKey, 'spki') },
      /^Invalid configuration: OIDC_CLIENT_PRIVATE_KEY must be an unencrypted PEM private key/,
    ],
    [
      'an EC key for RS256',
      { OIDC_CLIENT_PRIVATE_KEY: pem(ec.privateKey) },
      'Invalid configuration: OIDC_CLIENT_PRIVATE_KEY must be an RSA key for OIDC_CLIENT_SIGNING_ALG RS256',
    ],
    [
      'an RSA key for ES256',
      { OIDC_CLIENT_SIGNING_ALG: 'ES256' },
      'Invalid configuration: OIDC_CLIENT_PRIVATE_KEY must be an EC P-256 key for OIDC_CLIENT_SIGNING_ALG ES256',
    ],
    [
      'a 1024-bit RSA key',
      {
        OIDC_CLIENT_PRIVATE_KEY: pem(
          generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey,
        ),
      },
      'OIDC_CLIENT_PRIVATE_KEY must be an RSA key of at least 2048 bits',
    ],
    [
      'a shared-secret algorithm',
      { OIDC_CLIENT_SIGNING_ALG: 'HS256' },
      'Invalid configuration: OIDC_CLIENT_SIGNING_ALG must be one of RS256, PS256, ES256',
    ],
    [
      'a key with another method',
      { OIDC_TOKEN_AUTH_METHOD: 'client_secret_post', OIDC_CLIENT_SECRET: 'secret' },
      'Invalid configuration: OIDC_CLIENT_PRIVATE_KEY is set, but OIDC_TOKEN_AUTH_METHOD is client_secret_post (set it to private_key_jwt, or remove OIDC_CLIENT_PRIVATE_KEY)',
    ],
  ])(
    'refuses to start with %s, naming OIDC_* and never printing the key',
    (_case, change, message) => {
      const env: Record<string, string> = { ...base, ...oneLogin, ...change };
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }

      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain(keyMaterial(rsaPem));
      expect((error as Error).message).not.toContain(
        'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC',
      );
      expect((error as Error).cause).toBeUndefined();
    },
  );

  it('tells an unknown method apart, listing private_key_jwt', () => {
    expect(() =>
      loadConfig({ ...base, ...oneLogin, OIDC_TOKEN_AUTH_METHOD: 'tls_client_auth' }),
    ).toThrow(
      'OIDC_TOKEN_AUTH_METHOD must be one of client_secret_post, client_secret_basic, private_key_jwt',
    );
  });
});
