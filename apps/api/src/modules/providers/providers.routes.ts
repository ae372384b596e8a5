import type { ApiErrorBody } from '@locals/contracts/errors';
import type {
  ClaimListingResponseSchema,
  ConfirmListingResponseSchema,
  EditableListing,
  RenewListingLinkResponse,
} from '@locals/contracts/providers';
import {
  claimListing,
  confirmListing,
  getMyListing,
  listMyListings,
  renewListingLink,
  showListingLink,
  updateMyListing,
} from '@locals/contracts/routes/providers';
import type { Db } from '@locals/db/client';
import { services } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fromContract } from '../../http/contract-route';
import { londonDay } from '../../capabilities/london-time';
import { serializeError } from '../../log-errors';
import { requireUser } from '../auth';
import { forgetWrite, IDEMPOTENCY_KEY_REUSED, idempotentWrite, markReplayed } from '../idempotency';
import {
  createListingsRepository,
  isStale,
  linkState,
  listingFieldsOf,
  oneTimeLinks,
  placeFromGeocoder,
  tokenHash,
  UnplaceablePostcodeError,
  type ListingLinkRow,
} from '../listings';
import { FRESHNESS_EVERY_MS, FRESHNESS_FIRST_RUN_MS, sendFreshnessNudges } from './freshness';
import { lockedLink, renewExpiredLink, undoRenewal, type Renewal } from './link-renewal';
import { maskedEmail } from './providers.email';
import { providersRepository as providers } from './providers.repository';

type ServiceRow = typeof services.$inferSelect;
type Answer<T> =
  { status: 200; body: T } | { status: 400 | 403 | 404 | 409 | 410; body: ApiErrorBody };

const LISTING_NOT_FOUND: ApiErrorBody = {
  code: 'not_found',
  message: 'We could not find that listing. It may have been removed.',
};
const NOT_THE_PROVIDER: ApiErrorBody = {
  code: 'forbidden',
  message: 'Only the organisation that runs this listing can edit it.',
};
const LINK_NOT_FOUND: ApiErrorBody = {
  code: 'not_found',
  message: 'We could not find that link. Copy the whole link from the email.',
};
const LINK_EXPIRED: ApiErrorBody = {
  code: 'gone',
  message:
    'This link has expired. Links last 7 days: press "Send me a new link" and we will email a new one to the same address.',
};
const LINK_STILL_WORKS: ApiErrorBody = {
  code: 'conflict',
  message:
    'This link still works, so we have not sent a new one. Open it from the email and use it within 7 days of when we sent it.',
};
const RENEWAL_NOT_SENT: ApiErrorBody = {
  code: 'email_not_sent',
  message: 'We could not send the email with your new link. Please try again in a few minutes.',
};
const LINK_USED: ApiErrorBody = {
  code: 'gone',
  message: 'This link has already been used. Each link works once.',
};

/** Whoever runs a listing keeps it right (issue 15): their listings, claims and checks. */
export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  /** Listings written in `tx`, placing postcodes in it too (PGlite has one connection). */
  const listingsIn = (tx: Db) =>
    createListingsRepository(placeFromGeocoder(app.geocoder.within(tx)));

  // Tests call sendFreshnessNudges with their own clock instead.
  if (app.config.nodeEnv !== 'test') {
    app.scheduler.every({
      name: 'listing-freshness',
      everyMs: FRESHNESS_EVERY_MS,
      firstAfterMs: FRESHNESS_FIRST_RUN_MS,
      run: async () => {
        try {
          await sendFreshnessNudges({
            db,
            mailer: app.mailer,
            publicUrl: app.config.publicUrl,
            now: app.now(),
            log: app.log,
          });
        } catch (error) {
          app.log.error({ err: serializeError(error) }, 'could not send listing freshness emails');
        }
      },
    });
  }

  function editableOf(row: ServiceRow): EditableListing {
    return {
      id: row.id,
      listing: listingFieldsOf(row),
      lastChecked: row.reviewDate,
      stale: isStale(row.reviewDate, londonDay(app.now())),
    };
  }

  /** The listing when the signed-in person provides it; otherwise the 404 or 403 to answer. */
  async function providedListing(
    reader: Db,
    id: string,
    userId: string,
  ): Promise<{ row: ServiceRow } | { status: 403 | 404; body: ApiErrorBody }> {
    const row = await listingsIn(reader).find(reader, id);
    if (!row) return { status: 404, body: LISTING_NOT_FOUND };
    const provider = await providers.providerOf(reader, id);
    if (provider?.userId !== userId) return { status: 403, body: NOT_THE_PROVIDER };
    return { row };
  }

  function send<T>(reply: FastifyReply, answer: Answer<T>, replayed = false) {
    if (replayed) markReplayed(reply);
    return reply.code(answer.status).send(answer.body);
  }

  app.route({
    ...(await fromContract(listMyListings)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const today = londonDay(app.now());
      const rows = await providers.listingsOf(db, request.user!.id);
      return {
        listings: rows.map((row) => ({
          id: row.id,
          name: row.name,
          postcode: row.postcode,
          lastChecked: row.reviewDate,
          stale: isStale(row.reviewDate, today),
        })),
      };
    },
  });

  app.route({
    ...(await fromContract(getMyListing)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const found = await providedListing(db, request.params.id, request.user!.id);
      if (!('row' in found)) return reply.code(found.status).send(found.body);
      return editableOf(found.row);
    },
  });

  app.route({
    ...(await fromContract(updateMyListing)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      const user = request.user!;
      const { id } = request.params;
      let result;
      try {
        result = await idempotentWrite(
          db,
          {
            scope: user.id,
            key: request.headers['idempotency-key'],
            operation: 'update-my-listing',
            request: { id, body: request.body },
          },
          async (tx): Promise<Answer<EditableListing>> => {
            const found = await providedListing(tx, id, user.id);
            if (!('row' in found)) return found;
            const today = londonDay(app.now());
            const updated = await listingsIn(tx).update(tx, id, request.body.listing, { today });
            if (!updated) return { status: 404, body: LISTING_NOT_FOUND };
            if (Object.keys(updated.after).length > 0) {
              await providers.audit(tx, {
                actorUserId: user.id,
                actor: user.email,
                action: 'provider-edit',
                entityType: 'listing',
                entityId: id,
                before: updated.before,
                after: updated.after,
              });
            }
            return { status: 200, body: editableOf(updated.row) };
          },
        );
      } catch (error) {
        if (!(error instanceof UnplaceablePostcodeError)) throw error;
        return reply.code(400).send({
          code: 'validation_error',
          message: error.message,
          fieldErrors: { 'listing.postcode': [error.message] },
        });
      }
      if (result.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
      return send(reply, result.answer, result.outcome === 'replayed');
    },
  });

  app.route({
    ...(await fromContract(claimListing)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      const user = request.user!;
      const { token } = request.body;
      const result = await idempotentWrite(
        db,
        {
          scope: user.id,
          key: request.headers['idempotency-key'],
          operation: 'claim-listing',
          request: { tokenHash: tokenHash(token) },
        },
        async (tx): Promise<Answer<z.infer<typeof ClaimListingResponseSchema>>> => {
          const now = app.now();
          const link = await oneTimeLinks.find(tx, token);
          if (!link || link.purpose === 'still-correct') {
            return { status: 404, body: LINK_NOT_FOUND };
          }
          const name = await serviceName(tx, link);
          const claimed = { status: 200 as const, body: { serviceId: link.serviceId, name } };
          // Opening the link again (a second tab, a retry) is not an error for whoever used it.
          if (link.usedAt)
            return link.usedBy === user.id ? claimed : { status: 410, body: LINK_USED };
          if (linkState(link, now) === 'expired') return { status: 410, body: LINK_EXPIRED };
          if (link.email.toLowerCase() !== user.email.toLowerCase()) {
            return {
              status: 403,
              body: {
                code: 'forbidden',
                message: `Sign in with the email address this link was sent to, ${maskedEmail(link.email)}`,
              },
            };
          }
          if (!(await oneTimeLinks.use(tx, token, { now, userId: user.id }))) {
            return { status: 410, body: LINK_USED };
          }
          const before = await providers.providerOf(tx, link.serviceId);
          await providers.claim(tx, {
            serviceId: link.serviceId,
            email: link.email,
            userId: user.id,
          });
          await providers.audit(tx, {
            actorUserId: user.id,
            actor: user.email,
            action: 'claim-listing',
            entityType: 'listing',
            entityId: link.serviceId,
            before: before && { email: before.email, userId: before.userId },
            after: { email: link.email, userId: user.id },
          });
          return claimed;
        },
      );
      if (result.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
      return send(reply, result.answer, result.outcome === 'replayed');
    },
  });

  app.route({
    ...(await fromContract(showListingLink)),
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const link = await oneTimeLinks.find(db, request.query.token);
      if (!link) return reply.code(404).send(LINK_NOT_FOUND);
      return {
        purpose: link.purpose,
        serviceId: link.serviceId,
        serviceName: await serviceName(db, link),
        state: linkState(link, app.now()),
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  });

  app.route({
    ...(await fromContract(confirmListing)),
    handler: async (request, reply) => {
      const { token } = request.body;
      const result = await idempotentWrite(
        db,
        {
          scope: `link:${tokenHash(token)}`,
          key: request.headers['idempotency-key'],
          operation: 'confirm-listing',
          request: {},
        },
        async (tx): Promise<Answer<z.infer<typeof ConfirmListingResponseSchema>>> => {
          const now = app.now();
          const link = await oneTimeLinks.find(tx, token);
          if (!link || link.purpose !== 'still-correct') {
            return { status: 404, body: LINK_NOT_FOUND };
          }
          const state = linkState(link, now);
          if (state !== 'ready') {
            return { status: 410, body: state === 'used' ? LINK_USED : LINK_EXPIRED };
          }
          if (!(await oneTimeLinks.use(tx, token, { now }))) {
            return { status: 410, body: LINK_USED };
          }
          const today = londonDay(now);
          const [before] = await tx
            .select({ reviewDate: services.reviewDate })
            .from(services)
            .where(eq(services.id, link.serviceId));
          const [row] = await tx
            .update(services)
            .set({ reviewDate: today, checkNudgedAt: null, updatedAt: now })
            .where(eq(services.id, link.serviceId))
            .returning({ name: services.name });
          if (!row) return { status: 404, body: LINK_NOT_FOUND };
          await providers.audit(tx, {
            actorUserId: null,
            actor: link.email,
            action: 'confirm-listing',
            entityType: 'listing',
            entityId: link.serviceId,
            before: { lastChecked: before?.reviewDate ?? null },
            after: { lastChecked: today },
          });
          return {
            status: 200,
            body: { serviceId: link.serviceId, serviceName: row.name, lastChecked: today },
          };
        },
      );
      if (result.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
      return send(reply, result.answer, result.outcome === 'replayed');
    },
  });

  app.route({
    ...(await fromContract(renewListingLink)),
    // It sends email: each address gets a few a minute, as the other public forms do.
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { token } = request.body;
      const key = { scope: `link:${tokenHash(token)}`, key: request.headers['idempotency-key'] };
      let renewal: Renewal | null = null;
      const result = await idempotentWrite(
        db,
        { ...key, operation: 'renew-listing-link', request: {} },
        async (tx): Promise<Answer<RenewListingLinkResponse>> => {
          const now = app.now();
          const link = await lockedLink(tx, token);
          if (!link) return { status: 404, body: LINK_NOT_FOUND };
          const state = linkState(link, now);
          if (state === 'used') return { status: 410, body: LINK_USED };
          if (state === 'ready') return { status: 409, body: LINK_STILL_WORKS };
          renewal = await renewExpiredLink(tx, link, { now, publicUrl: app.config.publicUrl });
          if (!renewal) return { status: 404, body: LINK_NOT_FOUND };
          return { status: 200, body: renewal.answer };
        },
      );
      if (result.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
      // Only the request that made the link sends it, after its transaction committed. An email
      // that cannot go undoes the renewal, key and all, so the retry makes and sends a new one.
      const made = renewal as Renewal | null;
      if (result.outcome === 'done' && made?.sent) {
        try {
          await app.mailer.send(made.mail);
        } catch (error) {
          request.log.error(
            { err: serializeError(error), subject: made.mail.subject },
            'could not send a renewed listing link; the renewal is undone',
          );
          await db.transaction(async (tx) => {
            await undoRenewal(tx, made.writes);
            await forgetWrite(tx, key);
          });
          // The mail server is out of reach, not the request wrong: try again shortly.
          return reply.code(503).header('retry-after', '60').send(RENEWAL_NOT_SENT);
        }
      }
      return send(reply, result.answer, result.outcome === 'replayed');
    },
  });
};

async function serviceName(reader: Db, link: ListingLinkRow): Promise<string> {
  const [row] = await reader
    .select({ name: services.name })
    .from(services)
    .where(eq(services.id, link.serviceId));
  return row?.name ?? '';
}
