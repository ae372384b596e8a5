import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Db } from '@locals/db/client';
import { appMeta } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { z } from 'zod';

const META_KEY = 'oidc_issuer';

export const ISSUER_SIGNING_ALG = 'RS256';

const PrivateJwkSchema = z.looseObject({
  kty: z.literal('RSA'),
  kid: z.string(),
  n: z.string(),
  e: z.string(),
  d: z.string(),
});

const IssuerSecretsSchema = z.object({
  signingKeys: z.array(PrivateJwkSchema).min(1),
  /** The secret of our own confidential client, `locals-web`. */
  clientSecret: z.string().min(32),
  /** Keys oidc-provider signs its cookies with. */
  cookieKeys: z.array(z.string().min(32)).min(1),
});
export type IssuerSecrets = z.infer<typeof IssuerSecretsSchema>;

/**
 * The built-in issuer's keys and client secret: made on first start and kept in the database,
 * so tokens and sessions survive restarts and every instance signs with the same keys.
 */
export async function loadIssuerSecrets(db: Db): Promise<IssuerSecrets> {
  const stored = await read(db);
  if (stored) return stored;
  // Two instances starting together may both get here; the first insert wins, both read it.
  await db
    .insert(appMeta)
    .values({ key: META_KEY, value: await generateSecrets() })
    .onConflictDoNothing();
  const created = await read(db);
  if (!created) throw new Error('Could not store the sign-in keys');
  return created;
}

async function read(db: Db): Promise<IssuerSecrets | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  return row ? IssuerSecretsSchema.parse(row.value) : null;
}

async function generateSecrets(): Promise<IssuerSecrets> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e || !jwk.d) throw new Error('Unexpected key type');
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n: jwk.n, e: jwk.e });
  return {
    signingKeys: [
      {
        ...jwk,
        kty: 'RSA',
        n: jwk.n,
        e: jwk.e,
        d: jwk.d,
        kid,
        alg: ISSUER_SIGNING_ALG,
        use: 'sig',
      },
    ],
    clientSecret: randomBytes(32).toString('base64url'),
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/** The public half of the signing keys: what the API verifies bearer tokens with. */
export function publicJwks(secrets: IssuerSecrets): { keys: JWK[] } {
  return {
    keys: secrets.signingKeys.map(({ kty, kid, n, e }) => ({
      kty,
      kid,
      n,
      e,
      alg: ISSUER_SIGNING_ALG,
      use: 'sig',
    })),
  };
}
