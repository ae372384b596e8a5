import type { Db } from '@locals/db/client';
import { listingProviders, providerApplications } from '@locals/db/schema';
import { asc, eq } from 'drizzle-orm';

export type ApplicationRow = typeof providerApplications.$inferSelect;

/** Applications no moderator has decided on yet, oldest first (the id breaks ties). */
export async function listPendingApplications(db: Db): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(providerApplications)
    .where(eq(providerApplications.status, 'received'))
    .orderBy(asc(providerApplications.createdAt), asc(providerApplications.id));
}

/** The application, locked for a decision when `forUpdate`; null when there is none. */
export async function findApplication(
  db: Db,
  id: string,
  { forUpdate = false } = {},
): Promise<ApplicationRow | null> {
  const query = db.select().from(providerApplications).where(eq(providerApplications.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** What a moderator's decision writes on the application. */
type Decision = Pick<ApplicationRow, 'status' | 'decidedAt' | 'decidedBy'> &
  Partial<Pick<ApplicationRow, 'serviceId' | 'rejectionReason'>>;

/** Stores a moderator's decision on an application, answering the application as decided. */
export async function storeDecision(
  db: Db,
  id: string,
  decision: Decision,
): Promise<ApplicationRow> {
  const [decided] = await db
    .update(providerApplications)
    .set(decision)
    .where(eq(providerApplications.id, id))
    .returning();
  if (!decided) throw new Error(`A decision (${decision.status}) on an application was not stored`);
  return decided;
}

/**
 * Names the approved application's email as the provider of its new listing; the account that
 * opens the emailed link with that address is linked to it (decision 024).
 */
export async function addListingProvider(
  db: Db,
  { serviceId, email, now }: { serviceId: string; email: string; now: Date },
): Promise<void> {
  await db.insert(listingProviders).values({ serviceId, email, createdAt: now });
}
