import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../moderation')),
  ...(await import('../engagement-common')),
});
const tags = ['moderation'];

export const listPendingApplications = defineRoute({
  method: 'GET',
  path: '/api/moderation/applications',
  load: async () => {
    const { PendingApplicationsResponseSchema } = await schemas();
    return {
      tags,
      summary:
        'Provider applications waiting for a decision, oldest first, with their age in business days',
      description:
        'Moderators only. Age counts London calendar days after the application arrived, less weekends and England and Wales bank holidays; past 2 business days an application is overdue.',
      responses: { 200: PendingApplicationsResponseSchema },
      errors: [401, 403, 429, 500],
    };
  },
});

export const listAuditLog = defineRoute({
  method: 'GET',
  path: '/api/moderation/audit',
  load: async () => {
    const { AuditLogResponseSchema, AuditQuerySchema } = await schemas();
    return {
      tags,
      summary: 'The audit log of moderation actions, newest first',
      description: 'Moderators only. The log is append-only: nothing in the product edits it.',
      query: AuditQuerySchema,
      responses: { 200: AuditLogResponseSchema },
      errors: [400, 401, 403, 429, 500],
    };
  },
});

const IDEMPOTENT =
  'Send an Idempotency-Key (a UUID made once per action) to retry safely: a repeat answers the first result, with Idempotent-Replayed: true, and changes and emails nothing again.';

export const getApplication = defineRoute({
  method: 'GET',
  path: '/api/moderation/applications/:id',
  load: async () => {
    const { ApplicationDetailSchema, ApplicationIdParamsSchema } = await schemas();
    return {
      tags,
      summary:
        'One application with every field, possible duplicates (same name or postcode) and its geocoded position',
      description: 'Moderators only.',
      params: ApplicationIdParamsSchema,
      responses: { 200: ApplicationDetailSchema },
      errors: [400, 401, 403, 404, 429, 500],
    };
  },
});

export const approveApplication = defineRoute({
  method: 'POST',
  path: '/api/moderation/applications/:id/approve',
  load: async () => {
    const {
      ApplicationDecisionResponseSchema,
      ApplicationIdParamsSchema,
      ApproveApplicationSchema,
      IdempotencyKeyHeadersSchema,
    } = await schemas();
    return {
      tags,
      summary:
        'Approve an application: creates a verified listing, geocoded, checked today and findable at once, and emails the applicant',
      description: `Moderators only. The applicant becomes the listing's provider once they sign in with the email they applied with and open the emailed link. An application already decided answers 409. ${IDEMPOTENT}`,
      params: ApplicationIdParamsSchema,
      headers: IdempotencyKeyHeadersSchema,
      body: ApproveApplicationSchema,
      responses: { 200: ApplicationDecisionResponseSchema },
      errors: [400, 401, 403, 404, 409, 413, 415, 422, 429, 500],
    };
  },
});

export const rejectApplication = defineRoute({
  method: 'POST',
  path: '/api/moderation/applications/:id/reject',
  load: async () => {
    const {
      ApplicationDecisionResponseSchema,
      ApplicationIdParamsSchema,
      IdempotencyKeyHeadersSchema,
      RejectApplicationSchema,
    } = await schemas();
    return {
      tags,
      summary: 'Reject an application with a reason, which is emailed to the applicant',
      description: `Moderators only. An application already decided answers 409. ${IDEMPOTENT}`,
      params: ApplicationIdParamsSchema,
      headers: IdempotencyKeyHeadersSchema,
      body: RejectApplicationSchema,
      responses: { 200: ApplicationDecisionResponseSchema },
      errors: [400, 401, 403, 404, 409, 413, 415, 422, 429, 500],
    };
  },
});

export const listEscalatedSuggestions = defineRoute({
  method: 'GET',
  path: '/api/moderation/suggestions',
  load: async () => {
    const { EscalatedSuggestionsResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Suggestions their service has not answered within 5 business days, oldest first',
      description: 'Moderators only.',
      responses: { 200: EscalatedSuggestionsResponseSchema },
      errors: [401, 403, 429, 500],
    };
  },
});

export const decideSuggestion = defineRoute({
  method: 'POST',
  path: '/api/moderation/suggestions/:id/decision',
  load: async () => {
    const {
      DecideSuggestionSchema,
      IdempotencyKeyHeadersSchema,
      SuccessResponseSchema,
      SuggestionIdParamsSchema,
    } = await schemas();
    return {
      tags,
      summary:
        'Accept an escalated suggestion (editing the listing) or reject it; the sender sees the outcome on their bookmarks',
      description: `Moderators only. A suggestion already answered answers 409. ${IDEMPOTENT}`,
      params: SuggestionIdParamsSchema,
      headers: IdempotencyKeyHeadersSchema,
      body: DecideSuggestionSchema,
      responses: { 200: SuccessResponseSchema },
      errors: [400, 401, 403, 404, 409, 413, 415, 422, 429, 500],
    };
  },
});

export const listProviderEdits = defineRoute({
  method: 'GET',
  path: '/api/moderation/provider-edits',
  load: async () => {
    const { ProviderEditsResponseSchema } = await schemas();
    return {
      tags,
      summary: "Providers' edits of their listings in the last 30 days, newest first",
      description: 'Moderators only.',
      responses: { 200: ProviderEditsResponseSchema },
      errors: [401, 403, 429, 500],
    };
  },
});

export const revertProviderEdit = defineRoute({
  method: 'POST',
  path: '/api/moderation/provider-edits/:id/revert',
  load: async () => {
    const { AuditIdParamsSchema, IdempotencyKeyHeadersSchema, SuccessResponseSchema } =
      await schemas();
    return {
      tags,
      summary: "Revert a provider's edit: the fields it changed go back to what they were",
      description: `Moderators only. Recorded in the audit log. An edit already reverted answers 409. ${IDEMPOTENT}`,
      params: AuditIdParamsSchema,
      headers: IdempotencyKeyHeadersSchema,
      responses: { 200: SuccessResponseSchema },
      errors: [400, 401, 403, 404, 409, 422, 429, 500],
    };
  },
});

export const listStaleListings = defineRoute({
  method: 'GET',
  path: '/api/moderation/stale-listings',
  load: async () => {
    const { AuditQuerySchema, StaleListingsResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Listings not checked for 12 months, least recently checked first',
      description: 'Moderators only. Demo listings are never included.',
      query: AuditQuerySchema,
      responses: { 200: StaleListingsResponseSchema },
      errors: [400, 401, 403, 429, 500],
    };
  },
});
