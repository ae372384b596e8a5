import argon2 from 'argon2';

/**
 * The hash of a random password nobody knows, with the same settings as real ones: verifying
 * against it when there is no account makes a wrong email take as long as a wrong password.
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$zEOcQB/ccjI5/P5GHSAaPw$7BuXKhHmDABxH/Tt+q+iqGkifwhIIhW17RdBf9fzzo4';

/** argon2id with the library's defaults (memory-hard settings in line with OWASP's advice). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** Checks a password; without a stored hash (no account, or an external one) the answer is false. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  try {
    const matches = await argon2.verify(hash ?? DUMMY_HASH, password);
    return hash !== null && matches;
  } catch {
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash);
}
