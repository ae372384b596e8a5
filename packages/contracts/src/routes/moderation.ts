import { defineRoute } from '../route';

const schemas = () => import('../moderation');
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
