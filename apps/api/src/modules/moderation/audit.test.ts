import type { Database } from '@locals/db/client';
import { createTestDatabase } from '@locals/db/test-db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list, record, type AuditEntry } from './audit.repository';

const anEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  actorUserId: null,
  actor: 'command line',
  action: 'grant-moderator',
  entityType: 'user',
  entityId: 'someone',
  before: { moderator: false },
  after: { moderator: true },
  ...overrides,
});

describe('the audit log', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    for (const entityId of ['first', 'second', 'third']) {
      await record(database.db, anEntry({ entityId }));
    }
  });
  afterAll(async () => database.close());

  it('lists entries newest first, one page at a time', async () => {
    const firstPage = await list(database.db, { page: 1, pageSize: 2 });
    expect(firstPage.total).toBe(3);
    expect(firstPage.entries.map((entry) => entry.entityId)).toEqual(['third', 'second']);
    const secondPage = await list(database.db, { page: 2, pageSize: 2 });
    expect(secondPage.entries.map((entry) => entry.entityId)).toEqual(['first']);
    expect(secondPage.entries[0]).toMatchObject({
      actor: 'command line',
      before: { moderator: false },
      after: { moderator: true },
    });
  });

  // Append-only in the database itself (migration 0016), whatever the product's code does.
  it.each([
    ['UPDATE', sql`update audit_log set actor = 'someone else'`],
    ['DELETE', sql`delete from audit_log`],
    ['TRUNCATE', sql`truncate audit_log`],
  ])('refuses %s at the database', async (operation, statement) => {
    await expect(database.db.execute(statement)).rejects.toMatchObject({
      cause: expect.objectContaining({
        message: `audit_log is append-only: ${operation} is not allowed`,
      }) as unknown,
    });
    expect((await list(database.db, { page: 1, pageSize: 10 })).total).toBe(3);
  });
});
