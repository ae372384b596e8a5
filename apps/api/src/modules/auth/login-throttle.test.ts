import type { Database } from '@locals/db/client';
import { appMeta, loginFailures } from '@locals/db/schema';
import { createTestDatabase } from '@locals/db/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelayMs, createLoginThrottle } from './login-throttle';
import { sha256 } from '../../lib/secrets';

const AT = new Date('2026-11-23T10:00:00Z');

describe('the sign-in throttle', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('stores neither the address typed nor the IP, nor their plain SHA-256, which can be reversed', async () => {
    const throttle = createLoginThrottle(database.db);
    await throttle.recordAttempt('Ada@Example.org', { ip: '203.0.113.7' }, AT);

    const [row] = await database.db.select().from(loginFailures);
    const stored = [row?.accountKey, row?.ipKey].join(' ');
    for (const revealing of [
      'ada@example.org',
      '203.0.113.7',
      sha256('account:ada@example.org'),
      sha256('ip:203.0.113.7'),
    ]) {
      expect(stored).not.toContain(revealing);
    }
    expect(await database.db.select().from(appMeta)).toContainEqual(
      expect.objectContaining({ key: 'secret:login_throttle' }),
    );
  });

  it('counts attempts from every instance against the same account and address', async () => {
    const email = 'grace@example.org';
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // A new throttle each time stands for another instance, or a restart: same stored key.
      const throttle = createLoginThrottle(database.db);
      delays.push((await throttle.recordAttempt(email, { ip: '198.51.100.1' }, AT)).delayMs);
    }

    expect(delays).toEqual([0, 250, 500, 1000]);
  });

  it("spares a known browser the account's shared delay, and slows its own failures", async () => {
    const email = 'known.browser@example.org';
    const throttle = createLoginThrottle(database.db);
    for (let guess = 1; guess <= 60; guess += 1) {
      await throttle.recordAttempt(email, { ip: `198.51.100.${guess}` }, AT);
    }
    const stranger = await throttle.recordAttempt(email, { ip: '203.0.113.99' }, AT);
    const known = { deviceId: 'the-owners-laptop' };

    const owner = await throttle.recordAttempt(email, known, AT);
    const ownerAgain = await throttle.recordAttempt(email, known, AT);

    expect(stranger.delayMs).toBe(5000);
    expect(owner.delayMs).toBe(0);
    expect(ownerAgain.delayMs).toBe(250);
  });
});

describe('attemptDelayMs: slow, never lock (issue 11)', () => {
  it.each([
    [{ pair: 0, account: 0, ip: 0 }, 0],
    [{ pair: 1, account: 1, ip: 1 }, 250],
    [{ pair: 2, account: 2, ip: 2 }, 500],
    [{ pair: 5, account: 5, ip: 5 }, 4000],
    [{ pair: 8, account: 8, ip: 8 }, 10_000],
    [{ pair: 50, account: 50, ip: 50 }, 10_000],
    // The owner from a new address, while others guess at the account: a short wait at most.
    [{ pair: 0, account: 10, ip: 0 }, 0],
    [{ pair: 0, account: 15, ip: 0 }, 500],
    [{ pair: 0, account: 10_000, ip: 0 }, 5000],
    // Someone behind a busy address (a library, a NAT): slowed, never refused.
    [{ pair: 0, account: 0, ip: 20 }, 0],
    [{ pair: 0, account: 0, ip: 30 }, 1000],
    [{ pair: 0, account: 0, ip: 10_000 }, 5000],
  ])('%j waits %i ms', (failures, expected) => {
    expect(attemptDelayMs(failures)).toBe(expected);
  });
});
