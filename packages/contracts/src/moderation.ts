import { z } from 'zod';
import { ListingFieldsSchema, ListingValuesSchema } from './listing';
import { ProviderApplicationSchema } from './list-service';
import { limitedText } from './text-field';

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

export const ApplicationStatusSchema = z.enum(['received', 'approved', 'rejected']);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

/** A listed service that may be the same organisation: same name, or same postcode. */
export const PossibleDuplicateSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  /** Why it was matched; both when it shares the name and the postcode. */
  reasons: z.array(z.enum(['name', 'postcode'])),
});
export type PossibleDuplicate = z.infer<typeof PossibleDuplicateSchema>;

/** GET /api/moderation/applications/:id: one application, whatever its status. */
export const ApplicationDetailSchema = PendingApplicationSchema.extend({
  status: ApplicationStatusSchema,
  /** The full UK postcode found in the address, if any. */
  postcode: z.string().nullable(),
  /** Where that postcode is, from Locals' own postcode table; null when not known. */
  position: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  duplicates: z.array(PossibleDuplicateSchema),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The deciding moderator's email. */
  decidedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The listing an approval created. */
  serviceId: z.string().nullable(),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetailSchema>;

export const ApplicationIdParamsSchema = z.object({
  id: z.uuid({ error: 'That application reference is not valid. Check the link you followed.' }),
});

/** Approve, with the listing as the moderator edited it from the application. */
export const ApproveApplicationSchema = z.object({ listing: ListingFieldsSchema });
export type ApproveApplication = z.input<typeof ApproveApplicationSchema>;

export const RejectApplicationSchema = z.object({
  reason: limitedText({ label: 'Reason', max: 2000, multiline: true }),
});
export type RejectApplication = z.input<typeof RejectApplicationSchema>;

export const ApplicationDecisionResponseSchema = z.object({
  application: ApplicationDetailSchema,
});

/** A suggestion its service did not answer within 5 business days, now for moderators. */
export const EscalatedSuggestionSchema = z.object({
  id: z.uuid(),
  serviceId: z.string(),
  serviceName: z.string(),
  suggestionText: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  ageBusinessDays: z.number().int().nonnegative(),
  /** The listing's fields now, for the moderator to edit when accepting. */
  listing: ListingValuesSchema,
});
export type EscalatedSuggestion = z.infer<typeof EscalatedSuggestionSchema>;

/** Unanswered after this many business days, a suggestion comes to moderators. */
export const SUGGESTION_ESCALATES_AFTER_BUSINESS_DAYS = 5;

export const EscalatedSuggestionsResponseSchema = z.object({
  suggestions: z.array(EscalatedSuggestionSchema),
  total: z.number().int().nonnegative(),
});

export const SuggestionIdParamsSchema = z.object({
  id: z.uuid({ error: 'That suggestion reference is not valid. Check the link you followed.' }),
});

/** Accept (with the listing as edited) or reject an escalated suggestion. */
export const DecideSuggestionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('accepted'), listing: ListingFieldsSchema }),
    z.object({ decision: z.literal('rejected') }),
  ],
  { error: "decision must be 'accepted' or 'rejected'" },
);
export type DecideSuggestion = z.input<typeof DecideSuggestionSchema>;

/** A provider's edit of their listing, from the audit log, for moderators to review or revert. */
export const ProviderEditSchema = z.object({
  /** The audit log entry's id. */
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  actor: z.string(),
  serviceId: z.string(),
  /** The listing's name now; null when it has since been removed. */
  serviceName: z.string().nullable(),
  before: ListingValuesSchema.partial(),
  after: ListingValuesSchema.partial(),
  /** When a moderator reverted it. */
  revertedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ProviderEdit = z.infer<typeof ProviderEditSchema>;

export const ProviderEditsResponseSchema = z.object({
  edits: z.array(ProviderEditSchema),
});

export const AuditIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'That edit reference is not valid.' }).int().positive(),
});

/** A listing nobody has checked for 12 months. */
export const StaleListingSchema = z.object({
  id: z.string(),
  name: z.string(),
  postcode: z.string().nullable(),
  lastChecked: z.iso.date().nullable(),
  /** Who is asked to check it: the provider's email, else the listing's contact email. */
  contactEmail: z.string().nullable(),
  /** When the 11-month email went, if it did. */
  nudgedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type StaleListing = z.infer<typeof StaleListingSchema>;

export const StaleListingsResponseSchema = z.object({
  listings: z.array(StaleListingSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
