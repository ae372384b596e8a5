import { randomUUID } from 'node:crypto';
import type { Database } from '@locals/db/client';
import { appMeta } from '@locals/db/schema';
import { createTestDatabase } from '@locals/db/test-db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentWrite } from './idempotent-write';

describe('idempotentWrite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  /** A write that counts how often it ran, in the database and in memory. */
  function counter(name: string) {
    let runs = 0;
    return {
      get runs() {
        return runs;
      },
      write: async (tx: Database['db']) => {
        runs += 1;
        await tx
          .insert(appMeta)
          .values({ key: name, value: runs })
          .onConflictDoUpdate({ target: appMeta.key, set: { value: runs } });
        return { status: 200, body: { runs } };
      },
    };
  }

  it('answers a retry with the first answer and does not write again', async () => {
    const key = randomUUID();
    const count = counter('retried');
    const request = { scope: 'user-1', key, operation: 'count', request: { a: 1 } };
    const first = await idempotentWrite(database.db, request, count.write);
    const again = await idempotentWrite(database.db, request, count.write);
    expect(first).toEqual({ outcome: 'done', answer: { status: 200, body: { runs: 1 } } });
    expect(again).toEqual({ outcome: 'replayed', answer: { status: 200, body: { runs: 1 } } });
    expect(count.runs).toBe(1);
  });

  it('refuses the same key on a different request', async () => {
    const key = randomUUID();
    const count = counter('reused');
    await idempotentWrite(
      database.db,
      { scope: 'user-1', key, operation: 'count', request: { a: 1 } },
      count.write,
    );
    const other = await idempotentWrite(
      database.db,
      { scope: 'user-1', key, operation: 'count', request: { a: 2 } },
      count.write,
    );
    expect(other).toEqual({ outcome: 'key_reused' });
    expect(count.runs).toBe(1);
  });

  it("keeps one person's key apart from another's", async () => {
    const key = randomUUID();
    const count = counter('scoped');
    for (const scope of ['user-1', 'user-2']) {
      const result = await idempotentWrite(
        database.db,
        { scope, key, operation: 'count', request: {} },
        count.write,
      );
      expect(result.outcome).toBe('done');
    }
    expect(count.runs).toBe(2);
  });

  it('keeps nothing when the write fails, so the retry does the work', async () => {
    const key = randomUUID();
    const request = { scope: 'user-1', key, operation: 'fail-once', request: {} };
    const failing = idempotentWrite(database.db, request, async (tx) => {
      await tx.insert(appMeta).values({ key: 'half-done', value: true });
      throw new Error('the write failed half way');
    });
    await expect(failing).rejects.toThrow('the write failed half way');
    expect(await database.db.select().from(appMeta).where(eq(appMeta.key, 'half-done'))).toEqual(
      [],
    );
    const count = counter('after-failure');
    expect((await idempotentWrite(database.db, request, count.write)).outcome).toBe('done');
  });
});
