import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';
import { syncKeywordConcepts } from './keyword-concepts';

export type MigrateOptions = {
  /** Where the SQL migrations are; defaults to the ones shipped with this package. */
  migrationsDir?: string;
  /** Schema for drizzle's bookkeeping table (tests use one schema per test file). */
  migrationsSchema?: string;
};

/** The migrations, then what the database derives from code (the thesaurus's concepts). */
export async function migrate(database: Database, options: MigrateOptions = {}): Promise<void> {
  await database.applyMigrations({
    migrationsFolder: options.migrationsDir ?? defaultMigrationsDir(),
    ...(options.migrationsSchema ? { migrationsSchema: options.migrationsSchema } : {}),
  });
  await syncKeywordConcepts(database.db);
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
