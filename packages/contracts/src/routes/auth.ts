import { defineRoute } from '../route';

const schemas = () => import('../auth');
const tags = ['auth'];

export const getAuthConfig = defineRoute({
  method: 'GET',
  path: '/api/auth/config',
  load: async () => {
    const { AuthConfigSchema } = await schemas();
    return {
      tags,
      summary: 'How this deployment signs people in, registers and resets passwords',
      responses: { 200: AuthConfigSchema },
      errors: [429, 500],
    };
  },
});

/** A browser navigation (never a fetch): the web app sends people here to sign in. */
export const startSignIn = defineRoute({
  method: 'GET',
  path: '/api/auth/signin',
  load: async () => {
    const { RedirectSchema, SignInQuerySchema } = await schemas();
    return {
      tags,
      summary: "Start signing in: redirects to the issuer's authorization endpoint",
      description:
        'Authorization code flow with PKCE (S256), state and nonce. `returnTo` is a path on this site; anything else becomes /.',
      query: SignInQuerySchema,
      responses: { 302: RedirectSchema },
      errors: [429, 500],
    };
  },
});

/** A browser navigation: the issuer sends the browser back here. */
export const finishSignIn = defineRoute({
  method: 'GET',
  path: '/api/auth/callback',
  load: async () => {
    const { CallbackQuerySchema, RedirectSchema } = await schemas();
    return {
      tags,
      summary:
        'Where the issuer returns the browser: finishes signing in and sets the session cookie',
      query: CallbackQuerySchema,
      responses: { 302: RedirectSchema },
      errors: [429, 500],
    };
  },
});

export const getCurrentUser = defineRoute({
  method: 'GET',
  path: '/api/auth/me',
  load: async () => {
    const { MeResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Who is signed in: the user, or `{ "user": null }` when no one is',
      description:
        'Signed out is an ordinary answer (200 with `user: null`), so a page can ask on every load. 401 only refuses a bearer token (or any `Authorization` header) that does not name a person.',
      responses: { 200: MeResponseSchema },
      errors: [401, 429, 500],
    };
  },
});

const logOutDefinition = async () => {
  const { RedirectSchema } = await schemas();
  return {
    tags,
    summary: "Sign out: ends the session here, then redirects to the issuer's sign-out page",
    description:
      'A navigation, not a fetch: answers 303 to the issuer end-session endpoint (RP-initiated logout), which returns the browser to the site, or to / when the issuer has none.',
    responses: { 303: RedirectSchema },
    errors: [403, 429, 500] as const,
  };
};

/** A browser navigation: the web app's sign-out button is a form that GETs it. */
export const logOut = defineRoute({
  method: 'GET',
  path: '/api/auth/logout',
  load: logOutDefinition,
});

/** The same sign-out, for clients that can send the CSRF header. */
export const logOutByPost = defineRoute({
  method: 'POST',
  path: '/api/auth/logout',
  load: logOutDefinition,
});
