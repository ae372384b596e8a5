import type { Db } from '@locals/db/client';
import { loginFailures } from '@locals/db/schema';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { sha256 } from './secrets';
import { normaliseEmail } from './users.repository';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures within the window after which an account, or an IP address, must wait. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;
const DELAY_PER_FAILURE_MS = 250;
const MAX_DELAY_MS = 2000;

/** How long to hold back the answer to the n-th recent failure: slows guessing, not people. */
export function failureDelayMs(failures: number): number {
  return Math.min(DELAY_PER_FAILURE_MS * failures, MAX_DELAY_MS);
}

/**
 * Failed sign-ins counted per account and per IP over a sliding 15-minute window, in the
 * database so every instance sees them. Nothing locks for good: old failures age out.
 */
export function createLoginThrottle(db: Db) {
  const keysFor = (email: string, ip: string) => ({
    accountKey: sha256(`account:${normaliseEmail(email)}`),
    ipKey: sha256(`ip:${ip}`),
  });
  const windowStart = (at: Date) => new Date(at.getTime() - LOGIN_WINDOW_MS);

  async function failuresSince(column: 'accountKey' | 'ipKey', key: string, at: Date) {
    const [row] = await db
      .select({ failures: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures[column], key), gt(loginFailures.failedAt, windowStart(at))));
    return row?.failures ?? 0;
  }

  return {
    async isLimited(email: string, ip: string, at: Date): Promise<boolean> {
      const { accountKey, ipKey } = keysFor(email, ip);
      const [forAccount, forIp] = await Promise.all([
        failuresSince('accountKey', accountKey, at),
        failuresSince('ipKey', ipKey, at),
      ]);
      return forAccount >= MAX_FAILURES_PER_ACCOUNT || forIp >= MAX_FAILURES_PER_IP;
    },

    /** Records a failure; returns the account's failures in the window, this one included. */
    async recordFailure(email: string, ip: string, at: Date): Promise<number> {
      const { accountKey, ipKey } = keysFor(email, ip);
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, windowStart(at)));
      await db.insert(loginFailures).values({ accountKey, ipKey, failedAt: at });
      return failuresSince('accountKey', accountKey, at);
    },

    /** A successful sign-in or a password reset forgives the account's failures. */
    async clearAccount(email: string): Promise<void> {
      await db
        .delete(loginFailures)
        .where(eq(loginFailures.accountKey, keysFor(email, '').accountKey));
    },
  };
}
