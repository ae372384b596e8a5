import { getHealth } from '@locals/contracts/routes/health';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';

describe('GET /api/health', () => {
  const testApp = useTestApp();

  it('answers ok and names the database driver', async () => {
    const response = await aVisitor(testApp.app).call(getHealth, {});

    expect(await checkReply(getHealth, response, 200)).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers while a slow statement runs, not after it (issue 13)', async () => {
    // In-process PGlite answered only once this statement had finished, as it did static files.
    let slowFinished = false;
    const slow = testApp.database.db
      .execute(sql`select count(*) from generate_series(1, 1000000) n where md5(n::text) like 'a%'`)
      .then(() => {
        slowFinished = true;
      });

    const response = await aVisitor(testApp.app).call(getHealth, {});

    expect(response.statusCode).toBe(200);
    expect(slowFinished).toBe(false);
    await slow;
  });

  it('returns a request id header', async () => {
    const response = await aVisitor(testApp.app).call(getHealth, {});

    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
