import type { ProviderApplication } from '@locals/contracts/list-service';
import type { Db } from '@locals/db/client';
import { providerApplications } from '@locals/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { replayOf, type IdempotentCreate } from '../idempotency';

const APPLICATION_FIELDS = [
  'organizationName',
  'contactName',
  'email',
  'phone',
  'website',
  'address',
  'services',
  'description',
] as const;

export function createApplicationsRepository(db: Db) {
  return {
    /**
     * With an idempotency key, a repeat of the same application (same email, same key) finds the
     * first one instead of storing a second. Applicants are not signed in, so the key is unique
     * per email address.
     */
    async create(
      application: ProviderApplication,
      idempotencyKey?: string,
    ): Promise<IdempotentCreate<{ id: string }>> {
      const stored = { ...application, website: application.website || null };
      const [row] = await db
        .insert(providerApplications)
        .values({ ...stored, idempotencyKey })
        .onConflictDoNothing({
          target: [providerApplications.email, providerApplications.idempotencyKey],
          where: sql`${providerApplications.idempotencyKey} is not null`,
        })
        .returning({ id: providerApplications.id });
      if (row) return { outcome: 'created', value: row };
      const [first] = idempotencyKey
        ? await db
            .select()
            .from(providerApplications)
            .where(
              and(
                eq(providerApplications.email, application.email),
                eq(providerApplications.idempotencyKey, idempotencyKey),
              ),
            )
        : [];
      if (!first) throw new Error('An application that conflicted could not be read back');
      const isSameRequest = APPLICATION_FIELDS.every((field) => first[field] === stored[field]);
      return replayOf({ id: first.id }, isSameRequest);
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
