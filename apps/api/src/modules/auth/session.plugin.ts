import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRelyingParty, type RelyingParty } from './relying-party';
import { sha256 } from '../../lib/secrets';
import { sessionCookieName } from './session-cookie';
import { createSessionsRepository } from './sessions.repository';
import { createRolesRepository } from './roles.repository';
import { createUsersRepository, profileFromClaims, toUser } from './users.repository';
import { isRouteUnder } from '../../plugins/security';
import { refusal, refuse, Refused } from '../../capabilities/refusals';

export type AuthenticatedUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    relyingParty: RelyingParty;
  }
  interface FastifyRequest {
    /** The signed-in person (session cookie or bearer token), or null. Set for /api routes. */
    user: AuthenticatedUser | null;
    /** The cookie session behind `user`; null for bearer requests and signed-out visitors. */
    authSession: { id: string } | null;
  }
}

export const UNAUTHENTICATED = refusal('unauthenticated', 'Please sign in.');

/** preHandler for routes that need a signed-in person: bookmarks, notes, votes, ... */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  if (request.user) return;
  if (bearerToken(request) !== null) {
    void reply.header('www-authenticate', 'Bearer error="invalid_token"');
  }
  return refuse(reply, 401, UNAUTHENTICATED);
}

/**
 * The signed-in person a route behind requireUser or requireModerator serves, typed as there:
 * those hooks have already refused anyone else, so this throws only if a route forgot its hook.
 */
export function userOf(request: FastifyRequest): AuthenticatedUser {
  if (request.user) return request.user;
  throw new Refused(401, UNAUTHENTICATED);
}

const NOT_A_MODERATOR = refusal(
  'forbidden',
  'Only moderators can do this. Ask an administrator if you need moderator access.',
);

/** preHandler for moderation routes: signed out is 401 as for requireUser, no role is 403. */
export async function requireModerator(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) return requireUser(request, reply);
  const roles = await createRolesRepository(request.server.database.db).rolesOf(request.user.id);
  if (!roles.includes('moderator')) return refuse(reply, 403, NOT_A_MODERATOR);
}

/**
 * Who a page's own request is signed in as, by the session cookie alone: a form a page sends
 * without JavaScript (decision 036) is not under /api, where the hook below sets request.user.
 */
export async function signedInByCookie(request: FastifyRequest): Promise<AuthenticatedUser | null> {
  return (await cookieSession(request))?.user ?? null;
}

async function cookieSession(
  request: FastifyRequest,
): Promise<{ user: AuthenticatedUser; sessionId: string } | null> {
  const app = request.server;
  const token = request.cookies[sessionCookieName(app)];
  if (!token) return null;
  const found = await createSessionsRepository(app.database.db).findActive(
    sha256(token),
    app.now(),
  );
  return found ? { user: pick(toUser(found.user)), sessionId: found.session.id } : null;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Who is asking. A request with an Authorization header is judged by its bearer token alone
 * (never falling back to the cookie), which is why the CSRF guard can let it through.
 */
export default fp(
  async (app) => {
    await app.register(cookie);
    app.decorate('relyingParty', createRelyingParty(app));
    app.decorateRequest('user', null);
    app.decorateRequest('authSession', null);

    const users = createUsersRepository(app.database.db);

    app.addHook('preHandler', async (request) => {
      // The route the router matched, so /%61pi/... is signed in like /api/... (decision 012).
      if (!isRouteUnder(request, '/api')) return;
      if (request.headers.authorization !== undefined) {
        const token = bearerToken(request);
        const identity = token ? await app.relyingParty.verifyBearer(token) : null;
        if (!identity) return;
        const issuer = app.relyingParty.usersIssuer(identity.issuer);
        const known = await users.findBySubject(issuer, identity.subject);
        // A person from an external issuer may call the API before ever using the website.
        const user =
          known ??
          (app.relyingParty.isBuiltin
            ? null
            : await users.upsertFromIssuer(
                issuer,
                identity.subject,
                profileFromClaims(identity.claims),
                app.now(),
              ));
        request.user = user ? pick(toUser(user)) : null;
        return;
      }
      const found = await cookieSession(request);
      if (!found) return;
      request.user = found.user;
      request.authSession = { id: found.sessionId };
    });
  },
  { name: 'auth', dependencies: ['db', 'oidc-issuer'] },
);

function pick(user: AuthenticatedUser): AuthenticatedUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}
