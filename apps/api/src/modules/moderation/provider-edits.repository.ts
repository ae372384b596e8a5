import type { ProviderEdit } from '@locals/contracts/moderation';
import type { Db } from '@locals/db/client';
import { auditLog, services } from '@locals/db/schema';
import { and, desc, eq, gte, sql } from 'drizzle-orm';

/** Written by a provider's edit of their listing: before and after hold the changed fields. */
export const PROVIDER_EDIT = 'provider-edit';
/** Written by a moderator's revert; its `after.revertedEditId` names the edit it undid. */
export const REVERT_PROVIDER_EDIT = 'revert-provider-edit';

const RECENT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the edit was reverted: the first revert entry naming it. The outer row's id is written
 * qualified by hand: drizzle leaves columns unqualified in a query without joins, and a bare
 * "id" here would be the inner row's.
 */
const revertedAt = sql`(
  select min(revert.at) from audit_log revert
  where revert.action = ${REVERT_PROVIDER_EDIT}
    and revert.after ->> 'revertedEditId' = audit_log.id::text
)`.mapWith(auditLog.at);

/** Providers' edits of the last 30 days, newest first, each with its listing's name now. */
export async function recentProviderEdits(db: Db, now: Date): Promise<ProviderEdit[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: auditLog.actor,
      serviceId: auditLog.entityId,
      serviceName: services.name,
      before: auditLog.before,
      after: auditLog.after,
      revertedAt,
    })
    .from(auditLog)
    .leftJoin(services, eq(services.id, auditLog.entityId))
    .where(
      and(
        eq(auditLog.action, PROVIDER_EDIT),
        gte(auditLog.at, new Date(now.getTime() - RECENT_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    before: row.before ?? {},
    after: row.after ?? {},
    revertedAt: (row.revertedAt as Date | null)?.toISOString() ?? null,
  }));
}

export type ProviderEditEntry = {
  id: number;
  serviceId: string;
  before: unknown;
  reverted: boolean;
};

/** One provider edit as the log keeps it; null when the id is no provider edit. */
export async function findProviderEdit(db: Db, id: number): Promise<ProviderEditEntry | null> {
  const [row] = await db
    .select({ id: auditLog.id, serviceId: auditLog.entityId, before: auditLog.before, revertedAt })
    .from(auditLog)
    .where(and(eq(auditLog.id, id), eq(auditLog.action, PROVIDER_EDIT)));
  if (!row) return null;
  return { id: row.id, serviceId: row.serviceId, before: row.before, reverted: !!row.revertedAt };
}

/**
 * Locks the listing for the rest of the transaction, so writes to it take turns; false when it
 * has been removed.
 */
export async function lockListing(db: Db, serviceId: string): Promise<boolean> {
  const [listing] = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.id, serviceId))
    .for('update');
  return listing !== undefined;
}
