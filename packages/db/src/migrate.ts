import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client';
import { syncKeywordConcepts } from './keyword-concepts';

export type MigrateOptions = {
  /** Where the SQL migrations are; defaults to the ones shipped with this package. */
  migrationsDir?: string;
  /** Schema for drizzle's bookkeeping table (tests use one schema per test file). */
  migrationsSchema?: string;
  /** Told how many migrations are about to be applied, when there are any (none: not called). */
  onPending?: (pending: { count: number; total: number }) => void;
};

/** The migrations, then what the database derives from code (the thesaurus's concepts). */
export async function migrate(database: Database, options: MigrateOptions = {}): Promise<void> {
  const migrationsFolder = options.migrationsDir ?? defaultMigrationsDir();
  if (options.onPending) {
    const pending = await pendingMigrations(database, migrationsFolder, options.migrationsSchema);
    if (pending.count > 0) options.onPending(pending);
  }
  await database.applyMigrations({
    migrationsFolder,
    ...(options.migrationsSchema ? { migrationsSchema: options.migrationsSchema } : {}),
  });
  await syncKeywordConcepts(database.db);
}

/**
 * The migrations drizzle will apply: as drizzle decides, those in the journal made after the last
 * one recorded in its bookkeeping table (absent before the first).
 */
async function pendingMigrations(
  database: Database,
  migrationsFolder: string,
  schema = 'drizzle',
): Promise<{ count: number; total: number }> {
  const journal = JSON.parse(
    await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const total = journal.entries.length;
  const [table] = await queryRows<{ exists: boolean }>(
    database.db,
    sql`select to_regclass(${`"${schema}".__drizzle_migrations`}) is not null as exists`,
  );
  if (!table?.exists) return { count: total, total };
  const [last] = await queryRows<{ created: string | null }>(
    database.db,
    sql`select max(created_at)::text as created from ${sql.identifier(schema)}.__drizzle_migrations`,
  );
  const lastApplied = Number(last?.created ?? 0);
  return { count: journal.entries.filter((entry) => entry.when > lastApplied).length, total };
}

/**
 * From source this module is packages/db/src, the migrations are in packages/db/migrations.
 * Bundled into the API build it is dist/server.js, and the build copies them to dist/migrations.
 */
export function defaultMigrationsDir(): string {
  const candidates = [
    new URL('./migrations', import.meta.url),
    new URL('../migrations', import.meta.url),
  ];
  const found = candidates.map((url) => fileURLToPath(url)).find((dir) => existsSync(dir));
  if (!found) throw new Error('Could not find the database migrations folder.');
  return found;
}
