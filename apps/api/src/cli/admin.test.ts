import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { queryRows, type Database } from '@locals/db/client';
import { BUILTIN_ISSUER, users } from '@locals/db/schema';
import { createTestDatabase } from '@locals/db/test-db';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAdminArgs, runAdmin } from './admin-command';

describe('npm run admin', () => {
  let database: Database;
  let userId: string;
  beforeEach(async () => {
    database = await createTestDatabase();
    const [row] = await database.db
      .insert(users)
      .values({ email: 'Mo@Example.org', issuer: BUILTIN_ISSUER, subject: 'mo' })
      .returning({ id: users.id });
    userId = row!.id;
  });
  afterEach(async () => database.close());

  const run = (...args: string[]) => runAdmin(database.db, parseAdminArgs(args));
  const roles = async () =>
    (
      await queryRows<{ role: string }>(
        database.db,
        sql`select role from user_roles where user_id = ${userId}`,
      )
    ).map((row) => row.role);
  const audit = () =>
    queryRows<Record<string, unknown>>(
      database.db,
      sql`select actor_user_id, actor, action, entity_type, entity_id, before, after
          from audit_log order by id`,
    );

  it('grants the moderator role by email in any case, and records it in the audit log', async () => {
    expect(await run('grant-moderator', 'mo@example.ORG')).toBe(
      'Mo@Example.org is now a moderator.',
    );

    expect(await roles()).toEqual(['moderator']);
    expect(await audit()).toEqual([
      {
        actor_user_id: null,
        actor: 'command line',
        action: 'grant-moderator',
        entity_type: 'user',
        entity_id: userId,
        before: { email: 'Mo@Example.org', moderator: false },
        after: { email: 'Mo@Example.org', moderator: true },
      },
    ]);
  });

  it('grants twice without error, and records only the change', async () => {
    await run('grant-moderator', 'mo@example.org');
    expect(await run('grant-moderator', 'mo@example.org')).toBe(
      'Mo@Example.org was already a moderator.',
    );
    expect(await roles()).toEqual(['moderator']);
    expect(await audit()).toHaveLength(1);
  });

  it('revokes the role, and records it', async () => {
    await run('grant-moderator', 'mo@example.org');
    expect(await run('revoke-moderator', 'mo@example.org')).toBe(
      'Mo@Example.org is no longer a moderator.',
    );
    expect(await roles()).toEqual([]);
    expect((await audit()).map((entry) => entry.action)).toEqual([
      'grant-moderator',
      'revoke-moderator',
    ]);
    expect(await run('revoke-moderator', 'mo@example.org')).toBe(
      'Mo@Example.org was not a moderator.',
    );
  });

  it('refuses an email that has no account, changing nothing', async () => {
    await expect(run('grant-moderator', 'nobody@example.org')).rejects.toThrow(
      'There is no account with the email nobody@example.org. The person must sign in once first.',
    );
    expect(await audit()).toEqual([]);
  });
});

describe('npm run admin arguments', () => {
  it.each([
    [[]],
    [['make-admin', 'mo@example.org']],
    [['grant-moderator']],
    [['grant-moderator', 'a', 'b']],
  ])('shows how to use it for %j', (args) => {
    expect(() => parseAdminArgs(args)).toThrow(/^Usage: npm run admin -- grant-moderator <email>/);
  });
});

describe('the admin command as run from a shell', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'locals-admin-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('prints one line and exits 1 for an unknown email', async () => {
    const script = fileURLToPath(new URL('./admin.ts', import.meta.url));
    const failure = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, 'grant-moderator', 'nobody@example.org'],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
    ).catch((error: unknown) => error as { code: number; stderr: string });

    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr.trim()).toBe(
      'There is no account with the email nobody@example.org. The person must sign in once first.',
    );
  }, 60_000);
});
