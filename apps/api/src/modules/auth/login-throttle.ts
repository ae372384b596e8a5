import type { Db } from '@locals/db/client';
import { loginFailures } from '@locals/db/schema';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { keyedDigest, storedSecretLoader } from '../../lib/secrets';
import { normaliseEmail } from './users.repository';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures from one address, across accounts, before that address is slowed too. */
export const IP_FAILURES_BEFORE_DELAY = 20;
/** Failures for one account, across addresses, before every address is slowed for it. */
export const ACCOUNT_FAILURES_BEFORE_DELAY = 10;
const MAX_PAIR_DELAY_MS = 10_000;
/** What an address or an account can cost someone else: a wait, never a refusal. */
const MAX_SHARED_DELAY_MS = 5_000;

export type RecentFailures = { pair: number; account: number; ip: number };

/**
 * Where an attempt comes from: an address, or a browser known to the account by its device
 * cookie (device-cookie.ts). A known browser is its own pair with the account, whatever its
 * address, and is spared the shared delays: those are what strangers can cost the owner.
 */
export type AttemptOrigin = { ip: string } | { deviceId: string };

/**
 * How long to hold an attempt back before its password is checked, from the failures already
 * recorded (decision 013; OWASP Authentication Cheat Sheet: slow, never lock). The same account
 * and address doubles its wait with each failure (250 ms, 500 ms, ... up to 10 s); a busy account
 * or a busy address adds at most 5 s for everyone else, so the owner with the right password
 * from another address always gets in, and people behind one address never shut each other out.
 */
export function attemptDelayMs(failures: RecentFailures): number {
  const pair =
    failures.pair === 0 ? 0 : Math.min(250 * 2 ** (failures.pair - 1), MAX_PAIR_DELAY_MS);
  const account = Math.min(
    100 * Math.max(0, failures.account - ACCOUNT_FAILURES_BEFORE_DELAY),
    MAX_SHARED_DELAY_MS,
  );
  const ip = Math.min(
    100 * Math.max(0, failures.ip - IP_FAILURES_BEFORE_DELAY),
    MAX_SHARED_DELAY_MS,
  );
  return Math.max(pair, account, ip);
}

/** A known browser's wait: only its own failures at the account count (decision 031). */
function knownDeviceDelayMs(failures: RecentFailures): number {
  return attemptDelayMs({ pair: failures.pair, account: 0, ip: 0 });
}

/**
 * Failed sign-ins counted per (account, origin) pair, per account and per origin over a
 * sliding 15-minute window, in the database so every instance sees them. Accounts and origins
 * are stored as keyed digests (the privacy notice promises they cannot be read back); the key is
 * made on first use and kept in the database. A known device's digest goes where an address's
 * would (`ip_key`), under its own prefix, so it never counts as an address.
 */
export function createLoginThrottle(db: Db) {
  const loadKey = storedSecretLoader(db, 'login_throttle');
  const keysFor = async (email: string, origin: AttemptOrigin) => {
    const key = await loadKey();
    const originName = 'ip' in origin ? `ip:${origin.ip}` : `device:${origin.deviceId}`;
    return {
      accountKey: keyedDigest(key, `account:${normaliseEmail(email)}`),
      ipKey: keyedDigest(key, originName),
    };
  };
  const windowStart = (at: Date) => new Date(at.getTime() - LOGIN_WINDOW_MS);

  async function failuresSince(
    executor: Pick<Db, 'select'>,
    keys: { accountKey?: string; ipKey?: string },
    at: Date,
  ) {
    const [row] = await executor
      .select({ failures: count() })
      .from(loginFailures)
      .where(
        and(
          keys.accountKey === undefined ? undefined : eq(loginFailures.accountKey, keys.accountKey),
          keys.ipKey === undefined ? undefined : eq(loginFailures.ipKey, keys.ipKey),
          gt(loginFailures.failedAt, windowStart(at)),
        ),
      );
    return row?.failures ?? 0;
  }

  return {
    /**
     * Counts a sign-in attempt before its password is checked and says how long to hold it
     * back. Count and record are one transaction holding a lock per account and per address, so
     * parallel guesses each see the ones before them and wait their turn. An attempt stays
     * counted as a failure unless its password is right (then clearPair forgives it).
     */
    async recordAttempt(
      email: string,
      origin: AttemptOrigin,
      at: Date,
    ): Promise<{ delayMs: number }> {
      const { accountKey, ipKey } = await keysFor(email, origin);
      await db.delete(loginFailures).where(lt(loginFailures.failedAt, windowStart(at)));
      const failures = await db.transaction(async (tx) => {
        // Always in the same order, so two attempts never wait for each other's second lock.
        for (const key of [accountKey, ipKey].sort()) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        const recent: RecentFailures = {
          pair: await failuresSince(tx, { accountKey, ipKey }, at),
          account: await failuresSince(tx, { accountKey }, at),
          ip: await failuresSince(tx, { ipKey }, at),
        };
        await tx.insert(loginFailures).values({ accountKey, ipKey, failedAt: at });
        return recent;
      });
      return { delayMs: 'ip' in origin ? attemptDelayMs(failures) : knownDeviceDelayMs(failures) };
    },

    /**
     * The right password forgives this account's failures from this origin only: someone
     * else's guesses from elsewhere stay counted, so the owner signing in does not reset them.
     */
    async clearPair(email: string, origin: AttemptOrigin): Promise<void> {
      const { accountKey, ipKey } = await keysFor(email, origin);
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.ipKey, ipKey)));
    },

    /** A password reset forgives every failure for the account: the old password is gone. */
    async clearAccount(email: string): Promise<void> {
      await db
        .delete(loginFailures)
        .where(eq(loginFailures.accountKey, (await keysFor(email, { ip: '' })).accountKey));
    },
  };
}
