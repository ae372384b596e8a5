import { OVERDUE_AFTER_BUSINESS_DAYS } from '@locals/contracts/moderation';
import { listAuditLog, listPendingApplications } from '@locals/contracts/routes/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { businessDaysBetween } from '../../lib/business-days';
import { requireModerator } from '../auth';
import { list as listAudit } from './audit.repository';
import { listPendingApplications as pendingApplications } from './pending-applications.repository';

/** The moderators' work (issue 15, decision 023): every route needs the moderator role. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...(await fromContract(listPendingApplications)),
    preHandler: requireModerator,
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const now = app.now();
      const applications = (await pendingApplications(db)).map((row) => {
        const ageBusinessDays = businessDaysBetween(row.createdAt, now);
        return {
          id: row.id,
          organizationName: row.organizationName,
          contactName: row.contactName,
          email: row.email,
          phone: row.phone,
          website: row.website,
          address: row.address,
          services: row.services,
          description: row.description,
          status: 'received' as const,
          createdAt: row.createdAt.toISOString(),
          ageBusinessDays,
          overdue: ageBusinessDays > OVERDUE_AFTER_BUSINESS_DAYS,
        };
      });
      return {
        applications,
        total: applications.length,
        overdueCount: applications.filter((application) => application.overdue).length,
      };
    },
  });

  app.route({
    ...(await fromContract(listAuditLog)),
    preHandler: requireModerator,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { page, pageSize } = request.query;
      const { entries, total } = await listAudit(db, { page, pageSize });
      return {
        entries: entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
        total,
        page,
        pageSize,
        hasMore: page * pageSize < total,
      };
    },
  });
};
