import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Database } from './client';
import { migrate } from './migrate';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set (CI's second run), a uniquely named schema on that PostgreSQL server, dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await createDb({});
    await migrate(database);
    return database;
  }
  return createPostgresTestDatabase(url);
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
