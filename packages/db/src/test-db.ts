import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, type Database } from './client';
import { migrate } from './migrate';
import { PGLITE_EXTENSIONS } from './pglite-extensions';

/**
 * Where the run's migrated PGlite template is (testing/pglite-template.ts, Vitest's global
 * set-up, writes it once per run); unset, each test database is made from nothing.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'LOCALS_TEST_PGLITE_TEMPLATE';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set (CI's second run), a uniquely named schema on that PostgreSQL server, dropped on close.
 * PGlite starts as a copy of the run's migrated template when there is one: making a cluster
 * (initdb) and replaying every migration took about 3.5 s a database, the copy under 1 s.
 * migrate() still runs, and finds nothing to do unless the template is behind the migrations.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = process.env[PGLITE_TEMPLATE_VARIABLE];
    const database = await createDb(template ? { fromDump: template } : {});
    await migrate(database);
    return database;
  }
  return createPostgresTestDatabase(url);
}

/**
 * Migrates a PGlite database in `directory` and dumps it to `directory`/migrated.tar, the file
 * createTestDatabase starts from. Returns the file.
 */
export async function writePgliteTemplate(directory: string): Promise<string> {
  const dataDir = path.join(directory, 'pglite');
  const database = await createDb({ dataDir });
  await migrate(database);
  await database.close();
  const pglite = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(directory, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

async function createPostgresTestDatabase(url: string): Promise<Database> {
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  await withClient(url, async (client) => {
    // Extensions live once in public; an advisory lock stops parallel test files racing to create them.
    await client.query('select pg_advisory_lock(727001)');
    try {
      for (const extension of ['cube', 'earthdistance', 'pg_trgm']) {
        await client.query(`create extension if not exists ${extension} schema public`);
      }
    } finally {
      await client.query('select pg_advisory_unlock(727001)');
    }
    await client.query(`create schema "${schemaName}"`);
  });

  const database = await createDb({ databaseUrl: url, searchPath: `${schemaName},public` });
  await migrate(database, { migrationsSchema: schemaName });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withClient(url, (client) => client.query(`drop schema "${schemaName}" cascade`));
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
