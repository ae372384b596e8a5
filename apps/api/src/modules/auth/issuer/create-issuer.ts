import type { Db } from '@locals/db/client';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { AUTH_FLOW_TTL_MS } from '../auth-flows.repository';
import { createUsersRepository } from '../users.repository';
import { createOidcAdapterFactory } from './oidc-adapter';
import { ISSUER_SIGNING_ALG, type IssuerSecrets } from './issuer-secrets';
import { logoutSource, postLogoutSuccessSource, renderError } from './issuer-pages';

export const WEB_CLIENT_ID = 'locals-web';
export const ISSUER_SCOPE = 'openid profile email';
/** The interaction cookie is scoped to the API's sign-in routes (see docs/decisions/004-identity.md). */
export const INTERACTION_COOKIE_PATH = '/api/auth/';
export const INTERACTION_COOKIE = 'locals_issuer_interaction';
/** The SPA's sign-in page; the interaction's uid is its last segment. */
export const signInPagePath = (uid: string) => `/signin/${uid}`;

const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER_SESSION_TTL_S = 24 * 60 * 60;

export type IssuerOptions = {
  db: Db;
  issuerUrl: string;
  publicUrl: string;
  audience: string;
  secrets: IssuerSecrets;
};

/**
 * The built-in OpenID Provider: our accounts, our sign-in page, one first-party client (the
 * API itself, as backend-for-frontend) and JWT access tokens for the API as resource server.
 */
export function createIssuer(options: IssuerOptions): Provider {
  const { db, issuerUrl, publicUrl, audience, secrets } = options;
  const users = createUsersRepository(db);

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(db),
    jwks: { keys: secrets.signingKeys },
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_secret: secrets.clientSecret,
        client_name: 'Locals',
        redirect_uris: [`${publicUrl}/api/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: ISSUER_SIGNING_ALG,
      },
    ],
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'updated_at'],
      email: ['email', 'email_verified'],
    },
    // Our client reads the person's name and email from the id token; there is no userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: {
      keys: secrets.cookieKeys,
      names: {
        session: 'locals_issuer_session',
        interaction: INTERACTION_COOKIE,
        resume: 'locals_issuer_resume',
      },
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      // The interaction cookie binds a sign-in to the browser. By default its path is the
      // interaction URL (/signin/:uid, a page of the SPA); the API routes that read it
      // (GET /api/auth/interaction/:uid, POST /api/auth/login) live under this path instead.
      short: { httpOnly: true, sameSite: 'lax', signed: true, path: INTERACTION_COOKIE_PATH },
    },
    interactions: {
      url: (_ctx, interaction) => signInPagePath(interaction.uid),
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: AUTH_FLOW_TTL_MS / 1000,
      Session: ISSUER_SESSION_TTL_S,
      Grant: 30 * 24 * 60 * 60,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: ISSUER_SCOPE,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_S,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: ISSUER_SIGNING_ALG } },
          };
        },
      },
    },
    // Our own client needs no consent screen: the grant is made as the person signs in.
    loadExistingGrant: (ctx) => loadOrCreateFirstPartyGrant(ctx, audience),
    findAccount: async (_ctx, sub) => {
      const user = await users.findById(sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: false,
          given_name: user.firstName ?? undefined,
          family_name: user.lastName ?? undefined,
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined,
          updated_at: Math.floor(user.updatedAt.getTime() / 1000),
        }),
      };
    },
    renderError,
  };

  const provider = new Provider(issuerUrl, configuration);
  // Always behind our own dispatcher, which sets the forwarded headers from PUBLIC_URL.
  provider.proxy = true;
  return provider;
}

async function loadOrCreateFirstPartyGrant(ctx: KoaContextWithOIDC, audience: string) {
  const { client, session, result } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId =
    (result?.consent as { grantId?: string } | undefined)?.grantId ??
    session.grantIdFor(client.clientId);
  if (grantId) {
    const existing = await ctx.oidc.provider.Grant.find(grantId);
    if (existing) return existing;
  }
  if (client.clientId !== WEB_CLIENT_ID) return undefined;
  const grant = new ctx.oidc.provider.Grant({
    clientId: client.clientId,
    accountId: session.accountId,
  });
  grant.addOIDCScope(ISSUER_SCOPE);
  grant.addResourceScope(audience, ISSUER_SCOPE);
  await grant.save();
  return grant;
}
