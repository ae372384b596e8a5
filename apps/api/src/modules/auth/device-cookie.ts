import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Db } from '@locals/db/client';
import { keyedDigest, storedSecretLoader } from '../../lib/secrets';
import { normaliseEmail } from './users.repository';

export const DEVICE_COOKIE = 'locals_device';
const LIFETIME_S = 180 * 24 * 60 * 60;

/** Sent only with the sign-in step; SameSite=Strict, since that step is always our own page. */
export function deviceCookieOptions(isSecure: boolean): CookieSerializeOptions {
  return {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'strict',
    path: '/api/auth/login',
    maxAge: LIFETIME_S,
  };
}

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has signed in to an account gets `<device id>.<issued at>.<signature>`, the signature a
 * keyed digest of the three with the account's email, under a key kept in the database (so every
 * instance reads it). It names neither the person nor the email, and nobody without the key can
 * make one. Holding a valid one for the account being signed in to is what makes a browser known.
 */
export function createDeviceCookies(db: Db) {
  const loadKey = storedSecretLoader(db, 'device_cookie');
  const sign = (key: string, deviceId: string, issuedAt: number, email: string) =>
    keyedDigest(key, `${deviceId}.${issuedAt}.${normaliseEmail(email)}`);

  return {
    /** A new cookie after the right password: one per sign-in, as OWASP advises. */
    async issue(email: string, now: Date): Promise<string> {
      const deviceId = randomBytes(16).toString('base64url');
      const issuedAt = Math.floor(now.getTime() / 1000);
      return `${deviceId}.${issuedAt}.${sign(await loadKey(), deviceId, issuedAt, email)}`;
    },

    /**
     * The device id when the cookie is ours, for this email, and not expired; otherwise null.
     * Without a cookie the key is not read, so strangers' attempts wait for nothing here.
     */
    async deviceFor(cookie: string | undefined, email: string, now: Date): Promise<string | null> {
      const [deviceId, issued, signature, ...rest] = cookie?.split('.') ?? [];
      if (!deviceId || !issued || !signature || rest.length > 0) return null;
      const issuedAt = Number(issued);
      // Only we can sign a time, so one slightly ahead is another instance's clock, not forgery.
      if (!Number.isInteger(issuedAt) || now.getTime() / 1000 - issuedAt > LIFETIME_S) return null;
      const expected = Buffer.from(sign(await loadKey(), deviceId, issuedAt, email));
      const given = Buffer.from(signature);
      const isOurs = given.length === expected.length && timingSafeEqual(given, expected);
      return isOurs ? deviceId : null;
    },
  };
}
