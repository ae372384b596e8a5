import { OVERDUE_AFTER_BUSINESS_DAYS } from '@locals/contracts/moderation';
import {
  listAuditLog,
  listPendingApplications,
  listStaleListings,
} from '@locals/contracts/routes/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { businessDaysBetween, londonDay } from '../../capabilities/london-time';
import { requireModerator } from '../auth';
import { applicationDecisionRoutes } from './application-decisions.routes';
import { list as listAudit } from './audit.repository';
import { listPendingApplications as pendingApplications } from './pending-applications.repository';
import { providerEditRoutes } from './provider-edits.routes';
import { staleListings } from './stale-listings.repository';
import { suggestionDecisionRoutes } from './suggestion-decisions.routes';

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

  app.route({
    ...(await fromContract(listStaleListings)),
    preHandler: requireModerator,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { page, pageSize } = request.query;
      const today = londonDay(app.now());
      const { listings, total } = await staleListings(db, { today, page, pageSize });
      return { listings, total, page, pageSize, hasMore: page * pageSize < total };
    },
  });

  await app.register(applicationDecisionRoutes);
  await app.register(suggestionDecisionRoutes);
  await app.register(providerEditRoutes);
};
