import type { Db } from '@locals/db/client';
import { loginFailures } from '@locals/db/schema';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { keyedDigest, loadStoredSecret } from './secrets';
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

export type SignInAttempt = {
  isLimited: boolean;
  /** The account's attempts in the window, this one included: what the failure delay grows by. */
  accountFailures: number;
};

/**
 * Failed sign-ins counted per account and per IP over a sliding 15-minute window, in the
 * database so every instance sees them. Nothing locks for good: old failures age out. Accounts
 * and addresses are stored as keyed digests (the privacy notice promises they cannot be read
 * back); the key is made on first use and kept in the database.
 */
export function createLoginThrottle(db: Db) {
  let digestKey: Promise<string> | undefined;
  const keysFor = async (email: string, ip: string) => {
    digestKey ??= loadStoredSecret(db, 'login_throttle').catch((error: unknown) => {
      digestKey = undefined; // try again with the next attempt
      throw error;
    });
    const key = await digestKey;
    return {
      accountKey: keyedDigest(key, `account:${normaliseEmail(email)}`),
      ipKey: keyedDigest(key, `ip:${ip}`),
    };
  };
  const windowStart = (at: Date) => new Date(at.getTime() - LOGIN_WINDOW_MS);

  async function failuresSince(
    executor: Pick<Db, 'select'>,
    column: 'accountKey' | 'ipKey',
    key: string,
    at: Date,
  ) {
    const [row] = await executor
      .select({ failures: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures[column], key), gt(loginFailures.failedAt, windowStart(at))));
    return row?.failures ?? 0;
  }

  return {
    /**
     * Counts a sign-in attempt before its password is checked, and says whether it may go on.
     * Check and record are one transaction holding a lock per account and per IP, so parallel
     * guesses wait their turn instead of all passing the check. An attempt that goes on stays
     * counted as a failure unless its password is right (then clearAccount forgives it).
     */
    async recordAttempt(email: string, ip: string, at: Date): Promise<SignInAttempt> {
      const { accountKey, ipKey } = await keysFor(email, ip);
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, windowStart(at)));
      return db.transaction(async (tx) => {
        // Always in the same order, so two attempts never wait for each other's second lock.
        for (const key of [accountKey, ipKey].sort()) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        const forAccount = await failuresSince(tx, 'accountKey', accountKey, at);
        const forIp = await failuresSince(tx, 'ipKey', ipKey, at);
        if (forAccount >= MAX_FAILURES_PER_ACCOUNT || forIp >= MAX_FAILURES_PER_IP) {
          return { isLimited: true, accountFailures: forAccount };
        }
        await tx.insert(loginFailures).values({ accountKey, ipKey, failedAt: at });
        return { isLimited: false, accountFailures: forAccount + 1 };
      });
    },

    /** A successful sign-in or a password reset forgives the account's failures. */
    async clearAccount(email: string): Promise<void> {
      await db
        .delete(loginFailures)
        .where(eq(loginFailures.accountKey, (await keysFor(email, '')).accountKey));
    },
  };
}
