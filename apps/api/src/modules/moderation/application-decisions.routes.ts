import {
  approveApplication,
  getApplication,
  rejectApplication,
} from '@locals/contracts/routes/moderation';
import type { Db } from '@locals/db/client';
import { listingProviders, providerApplications } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { londonDay } from '../../capabilities/london-time';
import type { MailMessage } from '../../lib/mailer';
import { requireModerator } from '../auth';
import { idempotentWrite } from '../idempotency';
import {
  createListingsRepository,
  listingFieldsOf,
  oneTimeLinks,
  placeFromGeocoder,
  UnplaceablePostcodeError,
} from '../listings';
import { enqueueMail } from '../outgoing-mail';
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

type Decided = { application: ApplicationRow; mail: MailMessage };
type Moderator = NonNullable<FastifyRequest['user']>;
/** A decision as its Idempotency-Key keeps it: which application, what, and the request body. */
type DecisionWrite = { id: string; key: string | undefined; operation: string; body: unknown };

/** Moderators look at one application and approve it (making its listing) or reject it. */
export const applicationDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // Built per database handle: inside a transaction every query must use that transaction.
  const placeWith = (handle: Db) => placeFromGeocoder(app.geocoder.within(handle));
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

  /**
   * One decision on a waiting application, as a write safe to retry: the application is locked,
   * a missing one is a 404 and one already decided a 409 naming who decided and when; `decide`
   * does the rest in the same transaction and its email is queued in it, to go once the
   * decision is stored (and again later if the mail server refuses it).
   */
  async function decideApplication(
    request: FastifyRequest,
    reply: FastifyReply,
    write: DecisionWrite,
    decide: (tx: Db, application: ApplicationRow, moderator: Moderator) => Promise<Decided>,
  ): Promise<FastifyReply> {
    const moderator = request.user!;
    const now = app.now();
    let mailId: number | null = null;
    const answer = await idempotentWrite(
      db,
      {
        scope: moderator.id,
        key: write.key,
        operation: write.operation,
        request: { id: write.id, body: write.body },
      },
      async (tx) => {
        const application = await findApplication(tx, write.id, { forUpdate: true });
        if (!application) return refusal(404, NO_SUCH_APPLICATION);
        if (application.status !== 'received') {
          return refusal(409, alreadyDecidedMessage(application));
        }
        const decided = await decide(tx, application, moderator);
        // Queued with the decision: both commit or neither does.
        mailId = await enqueueMail(tx, decided.mail, now);
        const body = { application: await detailOf(tx, decided.application, now) };
        return { status: 200, body };
      },
    );
    return sendWrite(reply, answer, {
      id: mailId,
      delivery: { db, mailer: app.mailer, now: app.now(), log: request.log },
    });
  }

  app.route({
    ...(await fromContract(approveApplication)),
    preHandler: requireModerator,
    handler: async (request, reply) => {
      const now = app.now();
      const { id } = request.params;
      const { listing } = request.body;
      try {
        const write = {
          id,
          key: request.headers['idempotency-key'],
          operation: 'approve-application',
          body: request.body,
        };
        return await decideApplication(
          request,
          reply,
          write,
          async (tx, application, moderator) => {
            const listings = createListingsRepository(placeWith(tx));
            const service = await listings.create(tx, listing, {
              today: londonDay(now),
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
            const mail = approvedEmail(approved, {
              publicUrl: app.config.publicUrl,
              postcode: service.postcode ?? listing.postcode,
              claimToken,
            });
            return { application: approved, mail };
          },
        );
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
      const { id } = request.params;
      const { reason } = request.body;
      const write = {
        id,
        key: request.headers['idempotency-key'],
        operation: 'reject-application',
        body: request.body,
      };
      return decideApplication(request, reply, write, async (tx, _application, moderator) => {
        const [rejected] = await tx
          .update(providerApplications)
          .set({
            status: 'rejected',
            decidedAt: app.now(),
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
        const mail = rejectedEmail(rejected, { publicUrl: app.config.publicUrl, reason });
        return { application: rejected, mail };
      });
    },
  });
};
