import {
  listAuditLog,
  listPendingApplications,
  listStaleListings,
} from '@locals/contracts/routes/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { londonDay } from '../../capabilities/london-time';
import { pendingApplication } from './application-detail';
import { applicationDecisionRoutes } from './application-decisions.routes';
import { listPendingApplications as pendingApplications } from './applications.repository';
import { list as listAudit } from './audit.repository';
import { moderatorRead } from './moderator-read';
import { providerEditRoutes } from './provider-edits.routes';
import { staleListings } from './stale-listings.repository';
import { suggestionDecisionRoutes } from './suggestion-decisions.routes';

type Page = { page: number; pageSize: number };

/** A page of a longer list, and whether another follows it. */
const pageOf = ({ page, pageSize }: Page, total: number) => ({
  total,
  page,
  pageSize,
  hasMore: page * pageSize < total,
});

/** The moderators' work (decision 023): every route needs the moderator role. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...(await fromContract(listPendingApplications)),
    preHandler: moderatorRead,
    handler: async () => {
      const now = app.now();
      const applications = (await pendingApplications(db)).map((row) =>
        pendingApplication(row, now),
      );
      return {
        applications,
        total: applications.length,
        overdueCount: applications.filter((application) => application.overdue).length,
      };
    },
  });

  app.route({
    ...(await fromContract(listAuditLog)),
    preHandler: moderatorRead,
    handler: async (request) => {
      const { entries, total } = await listAudit(db, request.query);
      return {
        entries: entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
        ...pageOf(request.query, total),
      };
    },
  });

  app.route({
    ...(await fromContract(listStaleListings)),
    preHandler: moderatorRead,
    handler: async (request) => {
      const today = londonDay(app.now());
      const { listings, total } = await staleListings(db, { today, ...request.query });
      return { listings, ...pageOf(request.query, total) };
    },
  });

  await app.register(applicationDecisionRoutes);
  await app.register(suggestionDecisionRoutes);
  await app.register(providerEditRoutes);
};
