import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '@locals/db/client';
import { appMeta } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { z } from 'zod';

/** 32 random bytes, URL-safe: session cookies, reset links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token or an identifier we must not keep in the clear. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * A digest only the holder of `key` can reproduce. For identifiers drawn from a small space (an
 * IPv4 address, a guessable email), a plain SHA-256 can be reversed by trying them all.
 */
export function keyedDigest(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

const StoredSecretSchema = z.object({ secret: z.string().min(32) });

/**
 * A random secret made on first use and kept in the database, so every instance and every
 * restart uses the same one. Two instances may race to create it: the first insert wins.
 */
export async function loadStoredSecret(db: Db, name: string): Promise<string> {
  const key = `secret:${name}`;
  await db
    .insert(appMeta)
    .values({ key, value: { secret: newSecretToken() } })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  if (!row) throw new Error(`Could not store the secret '${name}'`);
  return StoredSecretSchema.parse(row.value).secret;
}

/**
 * loadStoredSecret, once: the first call reads (or makes) the secret, later calls
 * reuse it. A failed read is forgotten, so the next call tries the database again.
 */
export function storedSecretLoader(db: Db, name: string): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () =>
    (secret ??= loadStoredSecret(db, name).catch((error: unknown) => {
      secret = undefined;
      throw error;
    }));
}
