import { z } from 'zod';

export type ExternalIssuerConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How the client secret is sent to the token endpoint; Auth0's default is post. */
  tokenAuthMethod: 'client_secret_post' | 'client_secret_basic';
  /** Where the web app sends people to register or reset a password; the issuer's pages. */
  registerUrl: string | undefined;
  resetPasswordUrl: string | undefined;
};

export type AuthConfig = {
  /** null: the built-in issuer at PUBLIC_URL/oidc signs people in. */
  external: ExternalIssuerConfig | null;
  /** The `aud` of access tokens for this API (and the resource indicator we ask for). */
  audience: string;
  /** Off only for plain-http hosts other than localhost; the `__Host-` prefix needs Secure. */
  secureCookie: boolean;
};

const EXTERNAL_VARIABLES = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_AUDIENCE',
] as const;

const text = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const httpUrl = (example: string) =>
  text.pipe(
    z
      .url({ protocol: /^https?$/, error: `must be a full http(s) URL, like ${example}` })
      .optional(),
  );

const AuthEnvSchema = z.object({
  OIDC_ISSUER: httpUrl('https://locals.eu.auth0.com/'),
  OIDC_CLIENT_ID: text,
  OIDC_CLIENT_SECRET: text,
  OIDC_AUDIENCE: text,
  OIDC_TOKEN_AUTH_METHOD: text.pipe(
    z
      .enum(['client_secret_post', 'client_secret_basic'], {
        error: 'must be client_secret_post or client_secret_basic',
      })
      .default('client_secret_post'),
  ),
  OIDC_REGISTER_URL: httpUrl('https://id.example.org/register'),
  OIDC_RESET_PASSWORD_URL: httpUrl('https://id.example.org/reset'),
  SESSION_SECURE_COOKIE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
    .optional()
    .transform((value) => !(value === 'false' || value === '0' || value === 'no')),
});

/** Part of loadConfig (env.ts): reads only the environment it is given. */
export function loadAuthConfig(env: NodeJS.ProcessEnv, publicUrl: string): AuthConfig {
  const parsed = AuthEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${String(issue.path[0])} ${issue.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const isExternal = values.OIDC_ISSUER || values.OIDC_CLIENT_ID || values.OIDC_CLIENT_SECRET;
  if (!isExternal) {
    return {
      external: null,
      audience: values.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      secureCookie: values.SESSION_SECURE_COOKIE,
    };
  }
  const missing = EXTERNAL_VARIABLES.filter((name) => !values[name]);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration: ${missing.join(', ')} must be set too: an external issuer needs ${EXTERNAL_VARIABLES.join(', ')} (or none of them, for the built-in issuer)`,
    );
  }
  return {
    external: {
      issuer: values.OIDC_ISSUER!,
      clientId: values.OIDC_CLIENT_ID!,
      clientSecret: values.OIDC_CLIENT_SECRET!,
      tokenAuthMethod: values.OIDC_TOKEN_AUTH_METHOD,
      registerUrl: values.OIDC_REGISTER_URL,
      resetPasswordUrl: values.OIDC_RESET_PASSWORD_URL,
    },
    audience: values.OIDC_AUDIENCE!,
    secureCookie: values.SESSION_SECURE_COOKIE,
  };
}
