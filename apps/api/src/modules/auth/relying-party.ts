import { BUILTIN_ISSUER } from '@locals/db/schema';
import type { FastifyInstance } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  importPKCS8,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import * as oidc from 'openid-client';
import type { ClientAuthentication } from './auth-config';
import { ISSUER_SIGNING_ALG } from './issuer/issuer-secrets';
import { WEB_CLIENT_ID } from './issuer/create-issuer';

/** The identity provider: HTTP timeout 10 s, clock leeway 60 s. */
const HTTP_TIMEOUT_S = 10;
export const CLOCK_TOLERANCE_S = 60;
/** What we accept from an external issuer; never HS* (shared secrets) or 'none'. */
const EXTERNAL_ALGORITHMS = ['RS256', 'PS256', 'ES256'];

export type BearerIdentity = { issuer: string; subject: string; claims: Record<string, unknown> };

/**
 * The API as an OpenID Connect client (openid-client) of the built-in or external issuer, and
 * as a resource server that verifies bearer access tokens (jose) against the same issuer.
 * Discovery happens on first use, and is retried on the next use if it failed.
 */
export function createRelyingParty(app: FastifyInstance) {
  const { auth, publicUrl } = app.config;
  const builtin = app.builtinIssuer;
  let configuration: Promise<oidc.Configuration> | undefined;
  let externalKeys: JWTVerifyGetKey | undefined;
  const builtinKeys = builtin ? createLocalJWKSet(builtin.jwks) : undefined;

  async function discover(): Promise<oidc.Configuration> {
    if (builtin) {
      return oidc.discovery(
        new URL(builtin.issuerUrl),
        WEB_CLIENT_ID,
        { [oidc.clockTolerance]: CLOCK_TOLERANCE_S },
        oidc.ClientSecretBasic(builtin.clientSecret),
        {
          [oidc.customFetch]: builtin.fetch,
          // In-process: nothing travels over the network, whatever PUBLIC_URL's scheme.
          execute:
            new URL(builtin.issuerUrl).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      );
    }
    const external = auth.external!;
    return oidc.discovery(
      new URL(external.issuer),
      external.clientId,
      { [oidc.clockTolerance]: CLOCK_TOLERANCE_S },
      await clientAuthentication(external.clientAuth),
      {
        timeout: HTTP_TIMEOUT_S,
        execute: isLocalHttp(external.issuer) ? [oidc.allowInsecureRequests] : [],
      },
    );
  }

  function getConfiguration(): Promise<oidc.Configuration> {
    configuration ??= discover().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  }

  return {
    isBuiltin: builtin !== null,
    redirectUri: `${publicUrl}/api/auth/callback`,
    postLogoutRedirectUri: `${publicUrl}/`,
    getConfiguration,

    /** The `users.issuer` of the people a token issuer vouches for. */
    usersIssuer(tokenIssuer: string): string {
      return builtin && tokenIssuer === builtin.issuerUrl ? BUILTIN_ISSUER : tokenIssuer;
    },

    /** A verified access token for this API, or null; every failure reads the same. */
    async verifyBearer(token: string): Promise<BearerIdentity | null> {
      try {
        const { keys, issuer, algorithms } = await verificationTarget();
        const { payload } = await jwtVerify(token, keys, {
          issuer,
          audience: auth.audience,
          algorithms,
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.iss !== 'string') return null;
        return { issuer: payload.iss, subject: payload.sub, claims: payload };
      } catch {
        return null;
      }
    },
  };

  async function verificationTarget() {
    if (builtin && builtinKeys) {
      return { keys: builtinKeys, issuer: builtin.issuerUrl, algorithms: [ISSUER_SIGNING_ALG] };
    }
    const metadata = (await getConfiguration()).serverMetadata();
    if (!metadata.jwks_uri) throw new Error('The issuer publishes no jwks_uri');
    externalKeys ??= createRemoteJWKSet(new URL(metadata.jwks_uri), {
      timeoutDuration: HTTP_TIMEOUT_S * 1000,
    });
    return { keys: externalKeys, issuer: metadata.issuer, algorithms: EXTERNAL_ALGORITHMS };
  }
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;

/** How we prove to an external issuer's token endpoint that we are its client. */
async function clientAuthentication(clientAuth: ClientAuthentication): Promise<oidc.ClientAuth> {
  switch (clientAuth.method) {
    case 'client_secret_basic':
      return oidc.ClientSecretBasic(clientAuth.clientSecret);
    case 'client_secret_post':
      return oidc.ClientSecretPost(clientAuth.clientSecret);
    case 'private_key_jwt': {
      // A non-extractable CryptoKey: openid-client signs with it and nothing can read it back.
      const key = await importPKCS8(
        clientAuth.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        clientAuth.signingAlg,
      );
      return privateKeyJwtForTokenEndpoint({ key, kid: clientAuth.keyId });
    }
  }
}

/**
 * openid-client's private_key_jwt, with the assertion's `aud` set to the token endpoint URL.
 * openid-client's default `aud` is the issuer identifier; OpenID Connect Core (section 9) says
 * the token endpoint SHOULD be used, and GOV.UK One Login verifies it against its token URL only.
 * openid-client still builds and signs the assertion (iss, sub, jti, iat, nbf, exp 60 s).
 */
function privateKeyJwtForTokenEndpoint(key: oidc.PrivateKey): oidc.ClientAuth {
  return (server, client, body, headers) =>
    // Returned, not just called: it signs asynchronously and openid-client awaits the result.
    oidc.PrivateKeyJwt(key, {
      [oidc.modifyAssertion]: (_header, payload) => {
        payload.aud = server.token_endpoint ?? server.issuer;
      },
    })(server, client, body, headers);
}

function isLocalHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1');
}
