import { decideSuggestion, listEscalatedSuggestions } from '@locals/contracts/routes/moderation';
import type { Db } from '@locals/db/client';
import { suggestions } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { londonDay } from '../../capabilities/london-time';
import { requireModerator } from '../auth';
import { idempotentWrite } from '../idempotency';
import { createListingsRepository, placeFromGeocoder, UnplaceablePostcodeError } from '../listings';
import { record } from './audit.repository';
import {
  escalatedSuggestions,
  findSuggestionForUpdate,
  isClaimedListing,
  undecidable,
} from './escalated-suggestions.repository';
import { refusal, sendWrite, unplaceable } from './write-reply';

const NO_SUCH_SUGGESTION = 'There is no suggestion with that reference.';

/** Suggestions nobody else will answer (unclaimed listing, or 5 business days): moderators decide. */
export const suggestionDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const listingsWith = (handle: Db) =>
    createListingsRepository(placeFromGeocoder(app.geocoder.within(handle)));

  app.route({
    ...(await fromContract(listEscalatedSuggestions)),
    preHandler: requireModerator,
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const escalated = await escalatedSuggestions(db, app.now());
      return { suggestions: escalated, total: escalated.length };
    },
  });

  app.route({
    ...(await fromContract(decideSuggestion)),
    preHandler: requireModerator,
    handler: async (request, reply) => {
      const moderator = request.user!;
      const actor = { actorUserId: moderator.id, actor: moderator.email };
      const now = app.now();
      const { id } = request.params;
      const decision = request.body;
      try {
        const write = await idempotentWrite(
          db,
          {
            scope: moderator.id,
            key: request.headers['idempotency-key'],
            operation: 'decide-suggestion',
            request: { id, body: decision },
          },
          async (tx) => {
            const suggestion = await findSuggestionForUpdate(tx, id);
            if (!suggestion) return refusal(404, NO_SUCH_SUGGESTION);
            const isClaimed = await isClaimedListing(tx, suggestion.serviceId);
            const refused = undecidable(suggestion, isClaimed, now);
            if (refused) return refusal(409, refused);
            if (decision.decision === 'accepted') {
              const changed = await listingsWith(tx).update(
                tx,
                suggestion.serviceId,
                decision.listing,
                { today: londonDay(now) },
              );
              // Its listing's removal removes the suggestion too; a lock held makes this moot.
              if (!changed) return refusal(404, NO_SUCH_SUGGESTION);
              await record(tx, {
                ...actor,
                action: 'accept-suggestion',
                entityType: 'listing',
                entityId: suggestion.serviceId,
                before: changed.before,
                after: { ...changed.after, suggestionId: id },
              });
            }
            await tx
              .update(suggestions)
              // A provider email still being retried has nothing left to ask.
              .set({ status: decision.decision, updatedAt: now, emailNextAttemptAt: null })
              .where(eq(suggestions.id, id));
            await record(tx, {
              ...actor,
              action: decision.decision === 'accepted' ? 'accept-suggestion' : 'reject-suggestion',
              entityType: 'suggestion',
              entityId: id,
              before: { status: 'new' },
              after: { status: decision.decision },
            });
            return { status: 200, body: { success: true } };
          },
        );
        return await sendWrite(reply, write);
      } catch (error) {
        if (error instanceof UnplaceablePostcodeError) return unplaceable(reply, error);
        throw error;
      }
    },
  });
};
