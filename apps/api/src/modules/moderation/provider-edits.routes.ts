import { ListingFieldsSchema } from '@locals/contracts/listing';
import { listProviderEdits, revertProviderEdit } from '@locals/contracts/routes/moderation';
import { services } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { londonDay } from '../../capabilities/london-time';
import { requireModerator } from '../auth';
import { idempotentWrite } from '../idempotency';
import { createListingsRepository, placeFromGeocoder, UnplaceablePostcodeError } from '../listings';
import { record } from './audit.repository';
import {
  findProviderEdit,
  recentProviderEdits,
  REVERT_PROVIDER_EDIT,
} from './provider-edits.repository';
import { refusal, sendWrite, unplaceable } from './write-reply';

const NO_SUCH_EDIT = "There is no provider's edit with that reference.";

/** Moderators review what providers changed in their listings, and undo what should not stand. */
export const providerEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...(await fromContract(listProviderEdits)),
    preHandler: requireModerator,
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { edits: await recentProviderEdits(db, app.now()) };
    },
  });

  app.route({
    ...(await fromContract(revertProviderEdit)),
    preHandler: requireModerator,
    handler: async (request, reply) => {
      const moderator = request.user!;
      const now = app.now();
      const { id } = request.params;
      try {
        const write = await idempotentWrite(
          db,
          {
            scope: moderator.id,
            key: request.headers['idempotency-key'],
            operation: 'revert-provider-edit',
            request: { id },
          },
          async (tx) => {
            const found = await findProviderEdit(tx, id);
            if (!found) return refusal(404, NO_SUCH_EDIT);
            // The listing's lock makes a second revert of the same edit wait, then see the first.
            const [listing] = await tx
              .select({ id: services.id })
              .from(services)
              .where(eq(services.id, found.serviceId))
              .for('update');
            if (!listing) return refusal(404, 'The listing this edit changed has been removed.');
            const edit = (await findProviderEdit(tx, id)) ?? found;
            if (edit.reverted) return refusal(409, 'This edit was already reverted.');
            const restored = ListingFieldsSchema.partial().parse(edit.before ?? {});
            const geocoder = app.geocoder.within(tx);
            const changed = await createListingsRepository(placeFromGeocoder(geocoder)).update(
              tx,
              edit.serviceId,
              restored,
              { today: londonDay(now) },
            );
            if (!changed) return refusal(404, 'The listing this edit changed has been removed.');
            await record(tx, {
              actorUserId: moderator.id,
              actor: moderator.email,
              action: REVERT_PROVIDER_EDIT,
              entityType: 'listing',
              entityId: edit.serviceId,
              before: changed.before,
              after: { ...restored, revertedEditId: id },
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
