import type { Db } from '@locals/db/client';
import { providerApplications } from '@locals/db/schema';
import { asc, eq } from 'drizzle-orm';

type ApplicationRow = typeof providerApplications.$inferSelect;

/** Applications no moderator has decided on yet, oldest first (the id breaks ties). */
export async function listPendingApplications(db: Db): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(providerApplications)
    .where(eq(providerApplications.status, 'received'))
    .orderBy(asc(providerApplications.createdAt), asc(providerApplications.id));
}
