import type { ListingFields } from '@locals/contracts/listing';
import type { Db } from '@locals/db/client';
import type { FastifyInstance } from 'fastify';
import { londonDay } from '../../capabilities/london-time';
import { createListingsRepository, placeFromGeocoder } from '../listings';
import { record } from './audit.repository';
import {
  escalatedSuggestions,
  findSuggestionForUpdate,
  isClaimedListing,
  storeDecision,
  undecidable,
} from './escalated-suggestions.repository';
import { actorOf, moderatorWrite, refusedAnswer, type Asker } from './moderator-write';

const NO_SUCH_SUGGESTION = 'There is no suggestion with that reference.';

/** Accept, with the listing as the moderator edited it, or reject. */
type Decision = { decision: 'accepted'; listing: ListingFields } | { decision: 'rejected' };

/** Suggestions nobody else will answer (unclaimed listing, or 5 business days): moderators decide. */
export function createSuggestionDecisions(app: FastifyInstance) {
  const { db } = app.database;
  const listingsWith = (handle: Db) =>
    createListingsRepository(placeFromGeocoder(app.geocoder.within(handle)));

  return {
    escalated: () => escalatedSuggestions(db, app.now()),

    /**
     * Decides a suggestion moderators may decide, as a write safe to retry; accepting writes
     * the listing (UnplaceablePostcodeError for a postcode that cannot be placed, storing
     * nothing) and both changes are audited.
     */
    decide(asker: Asker, id: string, decision: Decision) {
      const actor = actorOf(asker.moderator);
      const request = { operation: 'decide-suggestion', request: { id, body: decision } };
      return moderatorWrite(app, asker, request, async (tx, { now }) => {
        const suggestion = await findSuggestionForUpdate(tx, id);
        if (!suggestion) return refusedAnswer(404, NO_SUCH_SUGGESTION);
        const isClaimed = await isClaimedListing(tx, suggestion.serviceId);
        const refused = undecidable(suggestion, isClaimed, now);
        if (refused) return refusedAnswer(409, refused);
        if (decision.decision === 'accepted') {
          const changed = await listingsWith(tx).update(
            tx,
            suggestion.serviceId,
            decision.listing,
            { today: londonDay(now) },
          );
          // Its listing's removal removes the suggestion too; a lock held makes this moot.
          if (!changed) return refusedAnswer(404, NO_SUCH_SUGGESTION);
          await record(tx, {
            ...actor,
            action: 'accept-suggestion',
            entityType: 'listing',
            entityId: suggestion.serviceId,
            before: changed.before,
            after: { ...changed.after, suggestionId: id },
          });
        }
        await storeDecision(tx, id, { decision: decision.decision, now });
        await record(tx, {
          ...actor,
          action: decision.decision === 'accepted' ? 'accept-suggestion' : 'reject-suggestion',
          entityType: 'suggestion',
          entityId: id,
          before: { status: 'new' },
          after: { status: decision.decision },
        });
        return { status: 200, body: { success: true } };
      });
    },
  };
}
