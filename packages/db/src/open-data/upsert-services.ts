import { getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { services } from '../directory-schema';
import type { NewService } from './service-records';

const BATCH = 500;

/** On conflict, every column but the key and creation time takes the incoming value. */
const updateFromExcluded = Object.fromEntries(
  Object.entries(getTableColumns(services))
    .filter(([key]) => key !== 'id' && key !== 'createdAt')
    .map(([key, column]) => [key, key === 'updatedAt' ? sql`now()` : sql.raw(`excluded.${column.name}`)]),
);

/** Inserts or updates services by id, so re-running an import updates rows and never duplicates them. */
export async function upsertServices(database: Database, rows: NewService[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await database.db
      .insert(services)
      .values(rows.slice(start, start + BATCH))
      .onConflictDoUpdate({ target: services.id, set: updateFromExcluded });
  }
}
