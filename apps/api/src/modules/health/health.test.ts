import { getHealth } from '@locals/contracts/routes/health';
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

  it('returns a request id header', async () => {
    const response = await aVisitor(testApp.app).call(getHealth, {});

    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
