import type { ListingFields } from '@locals/contracts/listing';
import type { ApplicationDetail } from '@locals/contracts/moderation';
import type { Db } from '@locals/db/client';
import type { FastifyInstance } from 'fastify';
import { londonDay } from '../../capabilities/london-time';
import type { MailMessage } from '../../lib/mailer';
import type { IdempotentWrite, WriteAnswer } from '../idempotency';
import {
  createListingsRepository,
  listingFieldsOf,
  oneTimeLinks,
  placeFromGeocoder,
} from '../listings';
import { alreadyDecidedMessage, applicationDetail } from './application-detail';
import {
  addListingProvider,
  findApplication,
  storeDecision,
  type ApplicationRow,
} from './applications.repository';
import { record } from './audit.repository';
import { approvedEmail, rejectedEmail } from './decisions.email';
import { actorOf, moderatorWrite, refusedAnswer, type Asker } from './moderator-write';

export const NO_SUCH_APPLICATION = 'There is no application with that reference.';

type Decided = { application: ApplicationRow; mail: MailMessage };

/** Moderators look at one application and approve it (making its listing) or reject it. */
export function createApplicationDecisions(app: FastifyInstance) {
  const { db } = app.database;
  // Built per database handle: inside a transaction every query must use that transaction.
  const placeWith = (handle: Db) => placeFromGeocoder(app.geocoder.within(handle));
  const detailOf = (handle: Db, application: ApplicationRow, now: Date) =>
    applicationDetail(handle, application, { place: placeWith(handle), now });

  /**
   * One decision on a waiting application, as a write safe to retry: the application is locked,
   * a missing one is a 404 and one already decided a 409 naming who decided and when; `decide`
   * does the rest in the same transaction and its email is queued in it, to go once the
   * decision is stored (and again later if the mail server refuses it).
   */
  function decideApplication(
    asker: Asker,
    { id, operation, body }: { id: string; operation: string; body: unknown },
    decide: (tx: Db, application: ApplicationRow, now: Date) => Promise<Decided>,
  ): Promise<IdempotentWrite<WriteAnswer>> {
    return moderatorWrite(
      app,
      asker,
      { operation, request: { id, body } },
      async (tx, { now, queueMail }) => {
        const application = await findApplication(tx, id, { forUpdate: true });
        if (!application) return refusedAnswer(404, NO_SUCH_APPLICATION);
        if (application.status !== 'received') {
          return refusedAnswer(409, alreadyDecidedMessage(application));
        }
        const decided = await decide(tx, application, now);
        // Queued with the decision: both commit or neither does.
        await queueMail(decided.mail);
        return { status: 200, body: { application: await detailOf(tx, decided.application, now) } };
      },
    );
  }

  return {
    /** Everything a moderator needs to decide on the application; null when there is none. */
    async detail(id: string): Promise<ApplicationDetail | null> {
      const application = await findApplication(db, id);
      return application && detailOf(db, application, app.now());
    },

    /**
     * Approves the application: its listing as the moderator edited it, placed at its postcode
     * (an unplaceable one throws UnplaceablePostcodeError, storing nothing), the applicant's
     * email as its provider, and an email with the one-time link that hands it over.
     */
    approve(asker: Asker, id: string, body: { listing: ListingFields }) {
      const { moderator } = asker;
      const { listing } = body;
      const write = { id, operation: 'approve-application', body };
      return decideApplication(asker, write, async (tx, application, now) => {
        const listings = createListingsRepository(placeWith(tx));
        const service = await listings.create(tx, listing, {
          today: londonDay(now),
          provider: application.organizationName,
        });
        const email = application.email.toLowerCase();
        await addListingProvider(tx, { serviceId: service.id, email, now });
        const claimToken = await oneTimeLinks.issue(tx, {
          purpose: 'claim',
          serviceId: service.id,
          email,
          now,
        });
        const approved = await storeDecision(tx, id, {
          status: 'approved',
          decidedAt: now,
          decidedBy: moderator.email,
          serviceId: service.id,
        });
        const actor = actorOf(moderator);
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
      });
    },

    /** Rejects the application, emailing the applicant the moderator's reason. */
    reject(asker: Asker, id: string, body: { reason: string }) {
      const { moderator } = asker;
      const { reason } = body;
      const write = { id, operation: 'reject-application', body };
      return decideApplication(asker, write, async (tx, _application, now) => {
        const rejected = await storeDecision(tx, id, {
          status: 'rejected',
          decidedAt: now,
          decidedBy: moderator.email,
          rejectionReason: reason,
        });
        await record(tx, {
          ...actorOf(moderator),
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
  };
}
