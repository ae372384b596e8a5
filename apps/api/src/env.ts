import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '@locals/contracts/map-tiles';
import { tileImageSource } from './lib/tile-url';
import { loadAuthConfig, type AuthConfig } from './modules/auth/auth-config';

/** The only module that reads process.env. Everything else receives a Config. */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const PORT_RULE = 'must be a whole number between 1 and 65535';
const SHUTDOWN_RULE = 'must be a whole number of seconds between 1 and 600';
const DATABASE_WAIT_RULE = 'must be a whole number of seconds between 0 and 600';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const TRUST_PROXY_RULE =
  "must be false, a number of proxy hops (1, 2), or a comma-separated list of the proxies' addresses or CIDR ranges (10.0.0.5, 10.0.0.0/8, loopback); true means 1";

/** false: X-Forwarded-* ignored; a number: that many proxies in front; a list: proxies by address. */
export type TrustProxy = false | number | string[];

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `true` once meant "believe every X-Forwarded-For entry", so the left-most one, which a client
 * writes, picked its rate-limit key. It now means one proxy hop (docs/decisions/012).
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : null;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const EnvSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? '3000' : value))
    .transform(Number)
    .pipe(
      z
        .number({ error: PORT_RULE })
        .int({ error: PORT_RULE })
        .min(1, { error: PORT_RULE })
        .max(65535, { error: PORT_RULE }),
    ),
  HOST: optionalText.transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection URL' })
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// connection URL' })
      .optional(),
  ),
  OPEN_DATA_DIR: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  MAIL_FROM: optionalText.transform((value) => value ?? 'Locals <no-reply@locals.org.uk>'),
  ADMIN_EMAIL: optionalText
    .transform((value) => value ?? 'listings@locals.org.uk')
    .pipe(z.email({ error: 'must be an email address' })),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be a full http(s) URL, like https://locals.org.uk',
      })
      .optional(),
  ),
  WEB_DIST_DIR: optionalText,
  POSTCODES_API_URL: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'must be a full http(s) URL, like https://api.postcodes.io',
      })
      .optional(),
  ),
  LOG_LEVEL: optionalText.pipe(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  NODE_ENV: optionalText.pipe(
    z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('development'),
  ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const trust = parseTrustProxy(value ?? '');
      if (trust === null) {
        context.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
        return z.NEVER;
      }
      return trust;
    }),
  SHUTDOWN_TIMEOUT_SECONDS: optionalText
    .transform((value) => Number(value ?? '10'))
    .pipe(
      z
        .number({ error: SHUTDOWN_RULE })
        .int({ error: SHUTDOWN_RULE })
        .min(1, { error: SHUTDOWN_RULE })
        .max(600, { error: SHUTDOWN_RULE }),
    ),
  // Demo services and example events (decision 032): unset, on except in production.
  DEMO_CONTENT: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  // How long start-up waits for an unreachable PostgreSQL server (decision 029); 0 tries once.
  DATABASE_WAIT_SECONDS: optionalText
    .transform((value) => Number(value ?? '30'))
    .pipe(
      z
        .number({ error: DATABASE_WAIT_RULE })
        .int({ error: DATABASE_WAIT_RULE })
        .min(0, { error: DATABASE_WAIT_RULE })
        .max(600, { error: DATABASE_WAIT_RULE }),
    ),
  MAP_TILE_URL: optionalText
    .transform((value) => value ?? DEFAULT_TILE_URL)
    .refine((value) => tileImageSource(value) !== null, {
      error:
        'must be an http(s) tile URL template with {z}, {x} and {y}, like https://tile.openstreetmap.org/{z}/{x}/{y}.png ({s} is allowed only at the start of the host)',
    }),
  MAP_TILE_ATTRIBUTION: optionalText.transform((value) => value ?? DEFAULT_TILE_ATTRIBUTION),
});

export type Config = {
  port: number;
  host: string;
  /** Absolute. PGlite lives in DATA_DIR/pglite and unsent mail in DATA_DIR/outbox. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where several instances keep their rate-limit counters; unset = PostgreSQL or memory. */
  redisUrl: string | undefined;
  openDataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string;
  /** Origin used in links inside emails, without a trailing slash. */
  publicUrl: string;
  webDistDir: string;
  /** A postcodes.io-compatible service for postcodes missing from our table; unset = none. */
  postcodesApiUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: 'development' | 'production' | 'test';
  /** Which X-Forwarded-For hops to believe: none, the last N, or those sent by these proxies. */
  trustProxy: TrustProxy;
  /**
   * How long SIGTERM may take (requests finishing, the database closing) before the process
   * exits anyway; match the platform's grace period (Kubernetes gives 30 s).
   */
  shutdownTimeoutMs: number;
  /** How long start-up retries an unreachable PostgreSQL server (DATABASE_WAIT_SECONDS). */
  databaseWaitMs: number;
  /** Leaflet tile URL template; the CSP allows images from its host. */
  mapTileUrl: string;
  /** HTML credit shown on the map, as the tile provider requires. */
  mapTileAttribution: string;
  /** Sign-in: the built-in issuer or an external one (OIDC_*), and the session cookie. */
  auth: AuthConfig;
  /**
   * Whether the labelled demo services and example events are loaded (DEMO_CONTENT): a laptop's
   * `npm start` shows every screen with them; a production visitor never meets one by default.
   */
  demoContent: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${String(issue.path[0])} ${issue.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const root = findRepoRoot();
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR ?? 'data'),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    // Paths given in the environment are relative to the working directory; defaults to the repo.
    openDataDir: values.OPEN_DATA_DIR
      ? path.resolve(values.OPEN_DATA_DIR)
      : path.resolve(root, 'open-data'),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    adminEmail: values.ADMIN_EMAIL,
    publicUrl,
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(values.WEB_DIST_DIR)
      : path.resolve(root, 'apps/web/dist'),
    postcodesApiUrl: values.POSTCODES_API_URL?.replace(/\/+$/, ''),
    logLevel: values.LOG_LEVEL,
    nodeEnv: values.NODE_ENV,
    trustProxy: values.TRUST_PROXY,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    databaseWaitMs: values.DATABASE_WAIT_SECONDS * 1000,
    mapTileUrl: values.MAP_TILE_URL,
    mapTileAttribution: values.MAP_TILE_ATTRIBUTION,
    auth: loadAuthConfig(env, publicUrl),
    demoContent: values.DEMO_CONTENT
      ? values.DEMO_CONTENT === 'on'
      : values.NODE_ENV !== 'production',
  };
}

/** The monorepo root (the package.json with workspaces), from source or from apps/api/dist. */
function findRepoRoot(): string {
  const starts = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      if (isWorkspaceRoot(dir)) return dir;
      if (path.dirname(dir) === dir) break;
    }
  }
  return process.cwd();
}

function isWorkspaceRoot(dir: string): boolean {
  const manifest = path.join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
  return typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed;
}
