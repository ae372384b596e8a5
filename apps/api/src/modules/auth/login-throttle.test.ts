import type { Database } from '@locals/db/client';
import { appMeta, loginFailures } from '@locals/db/schema';
import { createTestDatabase } from '@locals/db/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginThrottle, MAX_FAILURES_PER_ACCOUNT } from './login-throttle';
import { sha256 } from './secrets';

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
    await throttle.recordAttempt('Ada@Example.org', '203.0.113.7', AT);

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

  it('counts attempts from every instance against the same account', async () => {
    const email = 'grace@example.org';
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
      // A new throttle each time stands for another instance, or a restart: same stored key.
      const result = await createLoginThrottle(database.db).recordAttempt(
        email,
        `198.51.100.${attempt}`,
        AT,
      );
      expect(result.isLimited).toBe(false);
    }
    const next = await createLoginThrottle(database.db).recordAttempt(email, '192.0.2.1', AT);
    expect(next).toEqual({ isLimited: true, accountFailures: MAX_FAILURES_PER_ACCOUNT });
  });
});
