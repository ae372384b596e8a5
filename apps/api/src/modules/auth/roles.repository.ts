import type { Role as PersonRole } from '@locals/contracts/auth';
import type { Db } from '@locals/db/client';
import { listingProviders, userRoles, type Role } from '@locals/db/schema';
import { and, asc, eq } from 'drizzle-orm';

/** The roles a person holds beyond being signed in (decision 023). */
export function createRolesRepository(db: Db) {
  return {
    async rolesOf(userId: string): Promise<Role[]> {
      const rows = await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        .orderBy(asc(userRoles.role));
      return rows.map((row) => row.role);
    },

    /** The roles granted, and 'provider' for whoever has claimed a listing (decision 023). */
    async personRolesOf(userId: string): Promise<PersonRole[]> {
      const [granted, provided] = await Promise.all([
        this.rolesOf(userId),
        db
          .select({ serviceId: listingProviders.serviceId })
          .from(listingProviders)
          .where(eq(listingProviders.userId, userId))
          .limit(1),
      ]);
      return provided.length > 0 ? [...granted, 'provider'] : granted;
    },

    /** True when the role was new; granting it again changes nothing. */
    async grant(userId: string, role: Role): Promise<boolean> {
      const inserted = await db
        .insert(userRoles)
        .values({ userId, role })
        .onConflictDoNothing()
        .returning({ userId: userRoles.userId });
      return inserted.length > 0;
    },

    /** True when the person held the role. */
    async revoke(userId: string, role: Role): Promise<boolean> {
      const deleted = await db
        .delete(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
        .returning({ userId: userRoles.userId });
      return deleted.length > 0;
    },
  };
}
