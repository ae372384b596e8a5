import { ListingFieldsSchema } from '@locals/contracts/listing';
import type { FastifyInstance } from 'fastify';
import { londonDay } from '../../capabilities/london-time';
import { createListingsRepository, placeFromGeocoder } from '../listings';
import { record } from './audit.repository';
import { actorOf, moderatorWrite, refusedAnswer, type Asker } from './moderator-write';
import {
  findProviderEdit,
  lockListing,
  recentProviderEdits,
  REVERT_PROVIDER_EDIT,
} from './provider-edits.repository';

const NO_SUCH_EDIT = "There is no provider's edit with that reference.";
const LISTING_REMOVED = 'The listing this edit changed has been removed.';

/** Moderators review what providers changed in their listings, and undo what should not stand. */
export function createProviderEdits(app: FastifyInstance) {
  const { db } = app.database;
  return {
    recent: () => recentProviderEdits(db, app.now()),

    /**
     * Puts back the fields a provider's edit changed, once, as a write safe to retry; the
     * listing is placed again if its postcode goes back (UnplaceablePostcodeError if it cannot
     * be, storing nothing).
     */
    revert(asker: Asker, id: number) {
      const request = { operation: 'revert-provider-edit', request: { id } };
      return moderatorWrite(app, asker, request, async (tx, { now }) => {
        const found = await findProviderEdit(tx, id);
        if (!found) return refusedAnswer(404, NO_SUCH_EDIT);
        // The listing's lock makes a second revert of the same edit wait, then see the first.
        if (!(await lockListing(tx, found.serviceId))) return refusedAnswer(404, LISTING_REMOVED);
        const edit = (await findProviderEdit(tx, id)) ?? found;
        if (edit.reverted) return refusedAnswer(409, 'This edit was already reverted.');
        const restored = ListingFieldsSchema.partial().parse(edit.before ?? {});
        const geocoder = app.geocoder.within(tx);
        const changed = await createListingsRepository(placeFromGeocoder(geocoder)).update(
          tx,
          edit.serviceId,
          restored,
          { today: londonDay(now) },
        );
        if (!changed) return refusedAnswer(404, LISTING_REMOVED);
        await record(tx, {
          ...actorOf(asker.moderator),
          action: REVERT_PROVIDER_EDIT,
          entityType: 'listing',
          entityId: edit.serviceId,
          before: changed.before,
          after: { ...restored, revertedEditId: id },
        });
        return { status: 200, body: { success: true } };
      });
    },
  };
}
