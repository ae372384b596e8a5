import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: session cookies, reset links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token or an identifier we must not keep in the clear. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
