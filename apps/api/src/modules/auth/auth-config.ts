import { createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** What we sign a private_key_jwt client assertion with; never HS* (shared secrets) or 'none'. */
export const CLIENT_SIGNING_ALGS = ['RS256', 'PS256', 'ES256'] as const;
export type ClientSigningAlg = (typeof CLIENT_SIGNING_ALGS)[number];

/** How the API authenticates itself at the issuer's token endpoint. */
export type ClientAuthentication =
  | {
      /** The client secret in the form body (Auth0's default) or in a Basic header. */
      method: 'client_secret_post' | 'client_secret_basic';
      clientSecret: string;
    }
  | {
      /** A short-lived JWT signed with our private key (GOV.UK One Login requires this). */
      method: 'private_key_jwt';
      /** A KeyObject, not the PEM text: it prints and serialises as nothing, so logs cannot leak it. */
      privateKey: KeyObject;
      keyId: string | undefined;
      signingAlg: ClientSigningAlg;
    };

export type ExternalIssuerConfig = {
  issuer: string;
  clientId: string;
  clientAuth: ClientAuthentication;
  /** Where the web app sends people to register or reset a password; the issuer's pages. */
  registerUrl: string | undefined;
  resetPasswordUrl: string | undefined;
  /** What we ask the issuer for; GOV.UK One Login refuses `profile`, so it is configurable. */
  scopes: string;
};

export type AuthConfig = {
  /** null: the built-in issuer at PUBLIC_URL/oidc signs people in. */
  external: ExternalIssuerConfig | null;
  /** The `aud` of access tokens for this API (and the resource indicator we ask for). */
  audience: string;
  /** Off only for plain-http hosts other than localhost; the `__Host-` prefix needs Secure. */
  secureCookie: boolean;
};

const TOKEN_AUTH_METHODS = [
  'client_secret_post',
  'client_secret_basic',
  'private_key_jwt',
] as const;
/** Only read with private_key_jwt; set with another method, they are a mistake we name. */
const PRIVATE_KEY_VARIABLES = [
  'OIDC_CLIENT_PRIVATE_KEY',
  'OIDC_CLIENT_PRIVATE_KEY_ID',
  'OIDC_CLIENT_SIGNING_ALG',
] as const;
const MIN_RSA_BITS = 2048;
export const DEFAULT_SCOPES = 'openid profile email';

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
  OIDC_SCOPES: text.pipe(
    z
      .string()
      .transform((value) => value.split(/\s+/).filter(Boolean).join(' '))
      .refine((value) => value.split(' ').includes('openid'), {
        error: 'must include openid (for example "openid email")',
      })
      .default(DEFAULT_SCOPES),
  ),
  OIDC_TOKEN_AUTH_METHOD: text.pipe(
    z
      .enum(TOKEN_AUTH_METHODS, { error: `must be one of ${TOKEN_AUTH_METHODS.join(', ')}` })
      .default('client_secret_post'),
  ),
  // Environment variables are often one line: a literal `\n` stands for a line break.
  OIDC_CLIENT_PRIVATE_KEY: text.transform((value) => value?.replaceAll('\\n', '\n')),
  OIDC_CLIENT_PRIVATE_KEY_ID: text,
  OIDC_CLIENT_SIGNING_ALG: text.pipe(
    z
      .enum(CLIENT_SIGNING_ALGS, { error: `must be one of ${CLIENT_SIGNING_ALGS.join(', ')}` })
      .optional(),
  ),
  OIDC_REGISTER_URL: httpUrl('https://id.example.org/register'),
  OIDC_RESET_PASSWORD_URL: httpUrl('https://id.example.org/reset'),
  SESSION_SECURE_COOKIE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
    .optional()
    .transform((value) => !(value === 'false' || value === '0' || value === 'no')),
});
type AuthEnv = z.infer<typeof AuthEnvSchema>;

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
  const isExternal =
    values.OIDC_ISSUER ||
    values.OIDC_CLIENT_ID ||
    values.OIDC_CLIENT_SECRET ||
    values.OIDC_CLIENT_PRIVATE_KEY;
  if (!isExternal) {
    return {
      external: null,
      audience: values.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      secureCookie: values.SESSION_SECURE_COOKIE,
    };
  }
  const usesPrivateKey = values.OIDC_TOKEN_AUTH_METHOD === 'private_key_jwt';
  const required = [
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    usesPrivateKey ? 'OIDC_CLIENT_PRIVATE_KEY' : 'OIDC_CLIENT_SECRET',
    'OIDC_AUDIENCE',
  ] as const;
  const problems: string[] = [];
  // A missing private key gets a message of its own, below.
  const missing = required.filter((name) => name !== 'OIDC_CLIENT_PRIVATE_KEY' && !values[name]);
  if (missing.length > 0) {
    problems.push(
      `${missing.join(', ')} must be set too: an external issuer needs ${required.join(', ')} (or none of them, for the built-in issuer)`,
    );
  }
  if (usesPrivateKey && !values.OIDC_CLIENT_PRIVATE_KEY) {
    problems.push(
      'OIDC_CLIENT_PRIVATE_KEY must be set when OIDC_TOKEN_AUTH_METHOD is private_key_jwt',
    );
  }
  const strayKeySettings = PRIVATE_KEY_VARIABLES.filter((name) => values[name]);
  if (!usesPrivateKey && strayKeySettings.length > 0) {
    const names = strayKeySettings.join(', ');
    problems.push(
      `${names} ${strayKeySettings.length > 1 ? 'are' : 'is'} set, but OIDC_TOKEN_AUTH_METHOD is ${values.OIDC_TOKEN_AUTH_METHOD} (set it to private_key_jwt, or remove ${names})`,
    );
  }
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);

  return {
    external: {
      issuer: values.OIDC_ISSUER!,
      clientId: values.OIDC_CLIENT_ID!,
      clientAuth: usesPrivateKey
        ? privateKeyJwt(values)
        : {
            method: values.OIDC_TOKEN_AUTH_METHOD as 'client_secret_post' | 'client_secret_basic',
            clientSecret: values.OIDC_CLIENT_SECRET!,
          },
      registerUrl: values.OIDC_REGISTER_URL,
      resetPasswordUrl: values.OIDC_RESET_PASSWORD_URL,
      scopes: values.OIDC_SCOPES,
    },
    audience: values.OIDC_AUDIENCE!,
    secureCookie: values.SESSION_SECURE_COOKIE,
  };
}

/** Parses the key now, so a bad one stops start-up rather than the first sign-in. */
function privateKeyJwt(values: AuthEnv): ClientAuthentication {
  const signingAlg = values.OIDC_CLIENT_SIGNING_ALG ?? 'RS256';
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: values.OIDC_CLIENT_PRIVATE_KEY!, format: 'pem' });
  } catch {
    // The parser's own message is left out: nothing about the key reaches the console.
    throw new Error(
      'Invalid configuration: OIDC_CLIENT_PRIVATE_KEY must be an unencrypted PEM private key (PKCS#8, "-----BEGIN PRIVATE KEY-----"); write its line breaks as \\n if it must fit on one line',
    );
  }
  const problem = keyProblem(privateKey, signingAlg);
  if (problem) {
    throw new Error(
      `Invalid configuration: OIDC_CLIENT_PRIVATE_KEY ${problem} for OIDC_CLIENT_SIGNING_ALG ${signingAlg}`,
    );
  }
  return {
    method: 'private_key_jwt',
    privateKey,
    keyId: values.OIDC_CLIENT_PRIVATE_KEY_ID,
    signingAlg,
  };
}

function keyProblem(key: KeyObject, alg: ClientSigningAlg): string | null {
  const details = key.asymmetricKeyDetails ?? {};
  if (alg === 'ES256') {
    return key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1'
      ? null
      : 'must be an EC P-256 key';
  }
  if (key.asymmetricKeyType !== 'rsa') return 'must be an RSA key';
  return (details.modulusLength ?? 0) >= MIN_RSA_BITS
    ? null
    : `must be an RSA key of at least ${MIN_RSA_BITS} bits`;
}
