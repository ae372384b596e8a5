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
        clientSecret: 'secret',
        tokenAuthMethod: 'client_secret_post',
        registerUrl: 'https://locals.eu.auth0.com/signup',
        resetPasswordUrl: undefined,
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

  it('lets SESSION_SECURE_COOKIE=false drop Secure, for plain-http hosts', () => {
    expect(loadConfig({ ...base, SESSION_SECURE_COOKIE: 'false' }).auth.secureCookie).toBe(false);
  });

  it('refuses an issuer that is not a URL', () => {
    expect(() => loadConfig({ ...base, ...external, OIDC_ISSUER: 'auth0' })).toThrow(
      /OIDC_ISSUER must be a full http\(s\) URL/,
    );
  });
});
