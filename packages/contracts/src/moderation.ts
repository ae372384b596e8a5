import { z } from 'zod';
import { ProviderApplicationSchema } from './list-service';

/** Past this many business days an application breaks the promise of verification in 2-3. */
export const OVERDUE_AFTER_BUSINESS_DAYS = 2;

/** A provider application waiting for a moderator, with every field the applicant sent. */
export const PendingApplicationSchema = ProviderApplicationSchema.extend({
  id: z.uuid(),
  website: z.string().nullable(),
  status: z.literal('received'),
  createdAt: z.iso.datetime({ offset: true }),
  /** Business days since it arrived: London calendar days less weekends and bank holidays. */
  ageBusinessDays: z.number().int().nonnegative(),
  /** Older than OVERDUE_AFTER_BUSINESS_DAYS business days. */
  overdue: z.boolean(),
});
export type PendingApplication = z.infer<typeof PendingApplicationSchema>;

/** GET /api/moderation/applications: oldest first. */
export const PendingApplicationsResponseSchema = z.object({
  applications: z.array(PendingApplicationSchema),
  total: z.number().int().nonnegative(),
  overdueCount: z.number().int().nonnegative(),
});

export const AuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** The acting account; null for the command line. The log keeps it after the account goes. */
  actorUserId: z.string().nullable(),
  /** The moderator's email, or 'command line'. */
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/moderation/audit: newest first. */
export const AuditLogResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
