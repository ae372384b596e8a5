import type { Db } from '@locals/db/client';
import { auditLog, listingProviders, services } from '@locals/db/schema';
import { asc, eq } from 'drizzle-orm';

/** One audit log entry (the moderation module's shape), written in the caller's transaction. */
export type AuditEntry = typeof auditLog.$inferInsert;

/** Who provides listings, as listing_providers records it (issue 15). */
export const providersRepository = {
  /** The listings this person has claimed, by name. */
  async listingsOf(db: Db, userId: string) {
    return db
      .select({
        id: services.id,
        name: services.name,
        postcode: services.postcode,
        reviewDate: services.reviewDate,
      })
      .from(listingProviders)
      .innerJoin(services, eq(services.id, listingProviders.serviceId))
      .where(eq(listingProviders.userId, userId))
      .orderBy(asc(services.name), asc(services.id));
  },

  /** The listing's provider, or null when no organisation has been recorded for it. */
  async providerOf(db: Db, serviceId: string) {
    const [row] = await db
      .select()
      .from(listingProviders)
      .where(eq(listingProviders.serviceId, serviceId));
    return row ?? null;
  },

  /** Records the account that proved it holds the provider's email, replacing any before. */
  async claim(db: Db, provider: { serviceId: string; email: string; userId: string }) {
    await db
      .insert(listingProviders)
      .values(provider)
      .onConflictDoUpdate({
        target: listingProviders.serviceId,
        set: { email: provider.email, userId: provider.userId },
      });
  },

  /** Appends to the audit log, in the transaction of the change it records. */
  async audit(db: Db, entry: AuditEntry) {
    await db.insert(auditLog).values(entry);
  },
};
