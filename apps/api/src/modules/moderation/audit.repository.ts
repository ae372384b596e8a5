import type { Db } from '@locals/db/client';
import { auditLog } from '@locals/db/schema';
import { count, desc } from 'drizzle-orm';

/** One moderation action as the log keeps it; `actor` is an email or 'command line'. */
export type AuditEntry = {
  actorUserId: string | null;
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type AuditRecord = AuditEntry & { id: number; at: Date };

/** The actor of changes made with `npm run admin`. */
export const COMMAND_LINE = 'command line';

/** Appends one entry. Takes a transaction too, so the entry commits with the change it records. */
export async function record(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** The log newest first (the id breaks ties within one timestamp), one page at a time. */
export async function list(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ entries: AuditRecord[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { entries: rows, total: totals[0]?.total ?? 0 };
}
