import {
  approveApplication,
  getApplication,
  rejectApplication,
} from '@locals/contracts/routes/moderation';
import type { Db } from '@locals/db/client';
import { listingProviders, providerApplications } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { londonIsoDate } from '../../lib/business-days';
import type { MailMessage } from '../../lib/mailer';
import { requireModerator } from '../auth';
import { createGeocoder } from '../geocode';
import { idempotentWrite } from '../idempotency';
import {
  createListingsRepository,
  listingFieldsOf,
  oneTimeLinks,
  placeFromGeocoder,
  UnplaceablePostcodeError,
} from '../listings';
import {
  alreadyDecidedMessage,
  applicationDetail,
  findApplication,
  type ApplicationRow,
} from './application-detail';
import { record } from './audit.repository';
import { approvedEmail, rejectedEmail } from './decisions.email';
import { refusal, sendWrite, unplaceable } from './write-reply';

const NO_SUCH_APPLICATION = 'There is no application with that reference.';

/** Moderators look at one application and approve it (making its listing) or reject it. */
export const applicationDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // Built per database handle: inside a transaction every query must use that transaction.
  const placeWith = (handle: Db) =>
    placeFromGeocoder(
      createGeocoder({ db: handle, log: app.log, postcodesApiUrl: app.config.postcodesApiUrl }),
    );
  const detailOf = (handle: Db, application: ApplicationRow, now: Date) =>
    applicationDetail(handle, application, { place: placeWith(handle), now });

  app.route({
    ...(await fromContract(getApplication)),
    preHandler: requireModerator,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const application = await findApplication(db, request.params.id);
      if (!application) {
        return reply.code(404).send({ code: 'not_found', message: NO_SUCH_APPLICATION });
      }
      return detailOf(db, application, app.now());
    },
  });

  app.route({
    ...(await fromContract(approveApplication)),
    preHandler: requireModerator,
    handler: async (request, reply) => {
      const moderator = request.user!;
      const now = app.now();
      const { id } = request.params;
      const { listing } = request.body;
      let mail: MailMessage | null = null;
      try {
        const write = await idempotentWrite(
          db,
          {
            scope: moderator.id,
            key: request.headers['idempotency-key'],
            operation: 'approve-application',
            request: { id, body: request.body },
          },
          async (tx) => {
            const application = await findApplication(tx, id, { forUpdate: true });
            if (!application) return refusal(404, NO_SUCH_APPLICATION);
            if (application.status !== 'received') {
              return refusal(409, alreadyDecidedMessage(application));
            }
            const listings = createListingsRepository(placeWith(tx));
            const service = await listings.create(tx, listing, {
              today: londonIsoDate(now),
              provider: application.organizationName,
            });
            const email = application.email.toLowerCase();
            await tx
              .insert(listingProviders)
              .values({ serviceId: service.id, email, createdAt: now });
            const claimToken = await oneTimeLinks.issue(tx, {
              purpose: 'claim',
              serviceId: service.id,
              email,
              now,
            });
            const [approved] = await tx
              .update(providerApplications)
              .set({
                status: 'approved',
                decidedAt: now,
                decidedBy: moderator.email,
                serviceId: service.id,
              })
              .where(eq(providerApplications.id, id))
              .returning();
            if (!approved) throw new Error('An approved application was not stored');
            const actor = { actorUserId: moderator.id, actor: moderator.email };
            await record(tx, {
              ...actor,
              action: 'approve-application',
              entityType: 'application',
              entityId: id,
              before: { status: 'received' },
              after: { status: 'approved', serviceId: service.id },
            });
            await record(tx, {
              ...actor,
              action: 'create-listing',
              entityType: 'listing',
              entityId: service.id,
              before: null,
              after: listingFieldsOf(service),
            });
            mail = approvedEmail(approved, {
              publicUrl: app.config.publicUrl,
              postcode: service.postcode ?? listing.postcode,
              claimToken,
            });
            return { status: 200, body: { application: await detailOf(tx, approved, now) } };
          },
        );
        return await sendWrite(reply, write, { mail, mailer: app.mailer, log: request.log });
      } catch (error) {
        if (error instanceof UnplaceablePostcodeError) return unplaceable(reply, error);
        throw error;
      }
    },
  });

  app.route({
    ...(await fromContract(rejectApplication)),
    preHandler: requireModerator,
    handler: async (request, reply) => {
      const moderator = request.user!;
      const now = app.now();
      const { id } = request.params;
      const { reason } = request.body;
      let mail: MailMessage | null = null;
      const write = await idempotentWrite(
        db,
        {
          scope: moderator.id,
          key: request.headers['idempotency-key'],
          operation: 'reject-application',
          request: { id, body: request.body },
        },
        async (tx) => {
          const application = await findApplication(tx, id, { forUpdate: true });
          if (!application) return refusal(404, NO_SUCH_APPLICATION);
          if (application.status !== 'received') {
            return refusal(409, alreadyDecidedMessage(application));
          }
          const [rejected] = await tx
            .update(providerApplications)
            .set({
              status: 'rejected',
              decidedAt: now,
              decidedBy: moderator.email,
              rejectionReason: reason,
            })
            .where(eq(providerApplications.id, id))
            .returning();
          if (!rejected) throw new Error('A rejected application was not stored');
          await record(tx, {
            actorUserId: moderator.id,
            actor: moderator.email,
            action: 'reject-application',
            entityType: 'application',
            entityId: id,
            before: { status: 'received' },
            after: { status: 'rejected', reason },
          });
          mail = rejectedEmail(rejected, { publicUrl: app.config.publicUrl, reason });
          return { status: 200, body: { application: await detailOf(tx, rejected, now) } };
        },
      );
      return sendWrite(reply, write, { mail, mailer: app.mailer, log: request.log });
    },
  });
};
