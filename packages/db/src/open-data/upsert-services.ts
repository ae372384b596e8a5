import { getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { services } from '../directory-schema';
import type { NewService } from './service-records';

const BATCH = 500;

/**
 * Ours, not the source's: the rating and review count are recounted from people's reviews
 * (docs/decisions/005), so a re-import must not reset them; `duplicateOf` is the database's own
 * (decision 028), settled by its triggers after each statement.
 */
const KEPT_ON_UPDATE = new Set(['id', 'createdAt', 'ratingAverage', 'reviewCount', 'duplicateOf']);

/** On conflict, every other column takes the incoming value. */
const updateFromExcluded = Object.fromEntries(
  Object.entries(getTableColumns(services))
    .filter(([key]) => !KEPT_ON_UPDATE.has(key))
    .map(([key, column]) => [
      key,
      key === 'updatedAt' ? sql`now()` : sql.raw(`excluded.${column.name}`),
    ]),
);

/**
 * Inserts or updates services by id, so re-running an import updates rows and never duplicates
 * them. One transaction: a batch that fails leaves none of the earlier ones written. Each id may
 * appear once (PostgreSQL refuses to update a row twice in one statement). `onSaved` hears the
 * count written so far after each batch.
 */
export async function upsertServices(
  database: Database,
  rows: NewService[],
  onSaved?: (saved: number) => void,
): Promise<void> {
  await database.db.transaction(async (transaction) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await transaction
        .insert(services)
        .values(rows.slice(start, start + BATCH))
        .onConflictDoUpdate({ target: services.id, set: updateFromExcluded });
      onSaved?.(Math.min(start + BATCH, rows.length));
    }
  });
}
