import {
  finishSignIn,
  getAuthConfig,
  getCurrentUser,
  logOut,
  logOutByPost,
  startSignIn,
} from '@locals/contracts/routes/auth';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { fromContract } from '../../http/contract-route';
import { requireUser } from './session.plugin';
import { createAuthFlowsRepository } from './auth-flows.repository';
import { externalProfile } from './external-profile';
import { ISSUER_SCOPE } from './issuer/create-issuer';
import { safeReturnTo } from './return-to';
import { newSecretToken, sha256 } from '../../lib/secrets';
import { sessionCookieName, sessionCookieOptions } from './session-cookie';
import { SESSION_ABSOLUTE_MS, createSessionsRepository } from './sessions.repository';
import { createRolesRepository } from './roles.repository';
import { createUsersRepository, toUser } from './users.repository';

/** The web app shows a toast for this: sign-in was cancelled, expired or refused. */
export const SIGNIN_FAILED_PAGE = '/?signin=failed';

/** The backend-for-frontend: the browser signs in here and keeps only an HttpOnly cookie. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const flows = createAuthFlowsRepository(app.database.db);
  const sessions = createSessionsRepository(app.database.db);
  const users = createUsersRepository(app.database.db);
  const roles = createRolesRepository(app.database.db);
  const rp = app.relyingParty;
  const cookieName = sessionCookieName(app);

  app.route({
    ...(await fromContract(getAuthConfig)),
    handler: (_request, reply) => {
      const external = app.config.auth.external;
      // Without dedicated pages, the issuer's sign-in page offers registration and reset.
      void reply.send(
        external
          ? {
              issuer: 'external',
              registerUrl: external.registerUrl ?? startSignIn.path,
              resetPasswordUrl: external.resetPasswordUrl ?? startSignIn.path,
            }
          : { issuer: 'builtin', registerUrl: null, resetPasswordUrl: null },
      );
    },
  });

  app.route({
    ...(await fromContract(startSignIn)),
    errorHandler: toSignInFailedPage,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const configuration = await rp.getConfiguration().catch((error: unknown) => {
        // The issuer is unreachable: the person sees the sign-in failure notice, not a JSON 500.
        request.log.error({ err: errorSummary(error) }, 'issuer discovery failed');
        return null;
      });
      if (!configuration) return reply.redirect(SIGNIN_FAILED_PAGE, 302);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier,
        returnTo: safeReturnTo(request.query.returnTo),
      };
      await flows.start(flow, app.now());
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: rp.redirectUri,
        scope: app.config.auth.external?.scopes ?? ISSUER_SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        ...(rp.isBuiltin
          ? { resource: app.config.auth.audience }
          : { audience: app.config.auth.audience }),
      });
      return reply.redirect(url.href, 302);
    },
  });

  app.route({
    ...(await fromContract(finishSignIn)),
    errorHandler: toSignInFailedPage,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const flow = request.query.state ? await flows.take(request.query.state, app.now()) : null;
      if (!flow) return reply.redirect(SIGNIN_FAILED_PAGE, 302);
      try {
        const configuration = await rp.getConfiguration();
        const tokens = await oidc.authorizationCodeGrant(
          configuration,
          new URL(request.url, app.config.publicUrl),
          {
            pkceCodeVerifier: flow.codeVerifier,
            expectedState: flow.state,
            expectedNonce: flow.nonce,
            idTokenExpected: true,
          },
        );
        const claims = tokens.claims();
        if (!claims) return reply.redirect(SIGNIN_FAILED_PAGE, 302);
        const issuer = rp.usersIssuer(claims.iss);
        const user = await users.fromSignIn(
          issuer,
          claims.sub,
          () => externalProfile(configuration, tokens, claims),
          app.now(),
        );
        if (!user) return reply.redirect(SIGNIN_FAILED_PAGE, 302);

        await endBrowserSession(request);
        const token = newSecretToken();
        await sessions.create(
          {
            id: sha256(token),
            userId: user.id,
            idToken: tokens.id_token,
            userAgent: request.headers['user-agent'],
          },
          app.now(),
        );
        void reply.setCookie(cookieName, token, {
          ...sessionCookieOptions(app),
          maxAge: SESSION_ABSOLUTE_MS / 1000,
        });
        return reply.redirect(flow.returnTo, 302);
      } catch (error) {
        // Denied, expired or tampered responses; the error names no tokens.
        request.log.info({ err: errorSummary(error) }, 'sign-in callback failed');
        return reply.redirect(SIGNIN_FAILED_PAGE, 302);
      }
    },
  });

  app.route({
    ...(await fromContract(getCurrentUser)),
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      // A refused token is the API client's error; a browser without a session is just signed
      // out, which every page asks about, so that is an answer and not a console error.
      if (!request.user && request.headers.authorization !== undefined)
        return requireUser(request, reply);
      const user = request.user ? await users.findById(request.user.id) : undefined;
      if (!user) return { user: null };
      return { user: { ...toUser(user), roles: await roles.personRolesOf(user.id) } };
    },
  });

  // Logout is a navigation answered 303, so the id token (the issuer's logout hint, which names
  // the person) only ever travels in a Location header, never to page JavaScript (decision 013).
  app.route({
    ...(await fromContract(logOut)),
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      // A link on another site must not sign people out (SameSite=Lax sends the cookie on a
      // top-level GET); browsers say where a navigation came from in Sec-Fetch-Site.
      if (isCrossSite(request)) return reply.header('cache-control', 'no-store').redirect('/', 303);
      return endSessionAndLeave(request, reply);
    },
  });

  app.route({ ...(await fromContract(logOutByPost)), handler: endSessionAndLeave });

  async function endSessionAndLeave(request: FastifyRequest, reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    const ended = await endBrowserSession(request);
    void reply.clearCookie(cookieName, sessionCookieOptions(app));
    return reply.redirect(await endSessionUrl(ended?.idToken ?? null), 303);
  }

  /** Deletes the session this browser's cookie names, if any. */
  async function endBrowserSession(request: FastifyRequest) {
    const token = request.cookies[cookieName];
    return token ? sessions.delete(sha256(token)) : null;
  }

  async function endSessionUrl(idToken: string | null): Promise<string> {
    if (!idToken) return '/';
    try {
      const configuration = await rp.getConfiguration();
      return oidc.buildEndSessionUrl(configuration, {
        id_token_hint: idToken,
        post_logout_redirect_uri: rp.postLogoutRedirectUri,
      }).href;
    } catch {
      // An issuer without an end-session endpoint: our session is gone, which is what counts.
      return '/';
    }
  }
};

/**
 * Signing in is a browser navigation, not a fetch: a refused request (a control character in the
 * callback's query, too many tries) lands on the sign-in failure notice, never on a page of
 * JSON (decision 013). A 5xx is still a bug, logged as one.
 */
function toSignInFailedPage(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'sign-in navigation failed');
  else request.log.info({ status, code: error.code }, 'sign-in navigation refused');
  void reply.header('cache-control', 'no-store').redirect(SIGNIN_FAILED_PAGE, 302);
}

function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** Enough to debug a failed sign-in, without the tokens or codes an error might quote. */
function errorSummary(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = 'code' in error ? String(error.code) : undefined;
  const oauthError = 'error' in error ? String(error.error) : undefined;
  return { type: error.name, code, oauthError };
}
