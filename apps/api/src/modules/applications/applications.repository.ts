import type { ProviderApplication } from '@locals/contracts/list-service';
import type { Db } from '@locals/db/client';
import { providerApplications } from '@locals/db/schema';
import { eq } from 'drizzle-orm';

export function createApplicationsRepository(db: Db) {
  return {
    async create(application: ProviderApplication): Promise<{ id: string }> {
      const [row] = await db
        .insert(providerApplications)
        .values({ ...application, website: application.website || null })
        .returning({ id: providerApplications.id });
      if (!row) throw new Error('Storing the application returned no row');
      return row;
    },

    async findById(id: string) {
      const [row] = await db
        .select()
        .from(providerApplications)
        .where(eq(providerApplications.id, id));
      return row ?? null;
    },
  };
}
