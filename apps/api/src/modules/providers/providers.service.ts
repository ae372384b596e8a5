import type {
  ClaimListingResponseSchema,
  ConfirmListingResponseSchema,
  EditableListing,
  ListingLink,
  MyListing,
  RenewListingLinkResponse,
} from '@locals/contracts/providers';
import type { ListingFields } from '@locals/contracts/listing';
import type { Db } from '@locals/db/client';
import type { services } from '@locals/db/schema';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { londonDay } from '../../capabilities/london-time';
import { refusal, type Refusal } from '../../capabilities/refusals';
import { forgetWrite, idempotentWrite, type IdempotentWrite } from '../idempotency';
import {
  createListingsRepository,
  isStale,
  linkState,
  listingFieldsOf,
  oneTimeLinks,
  placeFromGeocoder,
  tokenHash,
  UnplaceablePostcodeError,
} from '../listings';
import { renewExpiredLink, undoRenewal, type Renewal } from './link-renewal';
import { maskedEmail } from './providers.email';
import { providersRepository as providers } from './providers.repository';
import { sendOrWithdraw } from '../outgoing-mail';

/** A provider write's answer: what the route sends, and what an Idempotency-Key keeps. */
export type Answer<T> =
  { status: 200; body: T } | { status: 400 | 403 | 404 | 409 | 410; body: Refusal };

/** A provider write as the route answers it; 'unsent' when its email could not go (503). */
export type ProviderWrite<T> = IdempotentWrite<Answer<T>> | { outcome: 'unsent' };

/** The signed-in person a provider route serves. */
type Person = { id: string; email: string };

type ServiceRow = typeof services.$inferSelect;

const LISTING_NOT_FOUND = refusal(
  'not_found',
  'We could not find that listing. It may have been removed.',
);
const NOT_THE_PROVIDER = refusal(
  'forbidden',
  'Only the organisation that runs this listing can edit it.',
);
export const LINK_NOT_FOUND = refusal(
  'not_found',
  'We could not find that link. Copy the whole link from the email.',
);
const LINK_EXPIRED = refusal(
  'gone',
  'This link has expired. Links last 7 days: press "Send me a new link" and we will email a new one to the same address.',
);
const LINK_STILL_WORKS = refusal(
  'conflict',
  'This link still works, so we have not sent a new one. Open it from the email and use it within 7 days of when we sent it.',
);
const LINK_USED = refusal('gone', 'This link has already been used. Each link works once.');

/** A refusal as a write's answer, kept under its Idempotency-Key like any other answer. */
const refused = <S extends 400 | 403 | 404 | 409 | 410>(status: S, body: Refusal) => ({
  status,
  body,
});

/**
 * What whoever runs a listing does to keep it right (decision 024): see their listings, edit
 * one, claim one with an emailed link, confirm one is still correct, and ask for new links in
 * place of expired ones. Each write is one transaction, safe to retry with an Idempotency-Key.
 */
export function createProvidersService(app: FastifyInstance) {
  const { db } = app.database;
  /** Listings written in `tx`, placing postcodes in it too (PGlite has one connection). */
  const listingsIn = (tx: Db) =>
    createListingsRepository(placeFromGeocoder(app.geocoder.within(tx)));

  function editableOf(row: ServiceRow): EditableListing {
    return {
      id: row.id,
      listing: listingFieldsOf(row),
      lastChecked: row.reviewDate,
      stale: isStale(row.reviewDate, londonDay(app.now())),
    };
  }

  /** The listing when `person` provides it; otherwise the 404 or 403 to answer. */
  async function providedListing(
    reader: Db,
    id: string,
    person: Person,
  ): Promise<{ row: ServiceRow } | { status: 403 | 404; body: Refusal }> {
    const row = await listingsIn(reader).find(reader, id);
    if (!row) return refused(404, LISTING_NOT_FOUND);
    const provider = await providers.providerOf(reader, id);
    if (provider?.userId !== person.id) return refused(403, NOT_THE_PROVIDER);
    return { row };
  }

  const serviceName = async (reader: Db, serviceId: string) =>
    (await providers.listingOf(reader, serviceId))?.name ?? '';

  return {
    async listingsOf(person: Person): Promise<MyListing[]> {
      const today = londonDay(app.now());
      const rows = await providers.listingsOf(db, person.id);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        postcode: row.postcode,
        lastChecked: row.reviewDate,
        stale: isStale(row.reviewDate, today),
      }));
    },

    async listing(person: Person, id: string): Promise<Answer<EditableListing>> {
      const found = await providedListing(db, id, person);
      return 'row' in found ? { status: 200, body: editableOf(found.row) } : found;
    },

    /**
     * Edits a listing its provider runs: live at once, checked today, audited. A postcode Locals
     * cannot place is a 400 naming the field, kept under no key (the write rolled back).
     */
    async update(
      person: Person,
      { id, listing, key }: { id: string; listing: ListingFields; key: string | undefined },
    ): Promise<ProviderWrite<EditableListing>> {
      try {
        return await idempotentWrite(
          db,
          {
            scope: person.id,
            key,
            operation: 'update-my-listing',
            request: { id, body: { listing } },
          },
          async (tx): Promise<Answer<EditableListing>> => {
            const found = await providedListing(tx, id, person);
            if (!('row' in found)) return found;
            const today = londonDay(app.now());
            const updated = await listingsIn(tx).update(tx, id, listing, { today });
            if (!updated) return refused(404, LISTING_NOT_FOUND);
            if (Object.keys(updated.after).length > 0) {
              await providers.audit(tx, {
                actorUserId: person.id,
                actor: person.email,
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
        const body = {
          ...refusal('validation_error', error.message),
          fieldErrors: { 'listing.postcode': [error.message] },
        };
        return { outcome: 'done', answer: refused(400, body) };
      }
    },

    /** Makes `person` the listing's provider with the link emailed to their address. */
    async claim(
      person: Person,
      { token, key }: { token: string; key: string | undefined },
    ): Promise<ProviderWrite<z.infer<typeof ClaimListingResponseSchema>>> {
      return idempotentWrite(
        db,
        {
          scope: person.id,
          key,
          operation: 'claim-listing',
          request: { tokenHash: tokenHash(token) },
        },
        async (tx): Promise<Answer<z.infer<typeof ClaimListingResponseSchema>>> => {
          const now = app.now();
          const link = await oneTimeLinks.find(tx, token);
          if (!link || link.purpose === 'still-correct') return refused(404, LINK_NOT_FOUND);
          const name = await serviceName(tx, link.serviceId);
          const claimed = { status: 200 as const, body: { serviceId: link.serviceId, name } };
          // Opening the link again (a second tab, a retry) is not an error for whoever used it.
          if (link.usedAt) return link.usedBy === person.id ? claimed : refused(410, LINK_USED);
          if (linkState(link, now) === 'expired') return refused(410, LINK_EXPIRED);
          if (link.email.toLowerCase() !== person.email.toLowerCase()) {
            return refused(
              403,
              refusal(
                'forbidden',
                `Sign in with the email address this link was sent to, ${maskedEmail(link.email)}`,
              ),
            );
          }
          if (!(await oneTimeLinks.use(tx, token, { now, userId: person.id }))) {
            return refused(410, LINK_USED);
          }
          const before = await providers.providerOf(tx, link.serviceId);
          await providers.claim(tx, {
            serviceId: link.serviceId,
            email: link.email,
            userId: person.id,
          });
          await providers.audit(tx, {
            actorUserId: person.id,
            actor: person.email,
            action: 'claim-listing',
            entityType: 'listing',
            entityId: link.serviceId,
            before: before && { email: before.email, userId: before.userId },
            after: { email: link.email, userId: person.id },
          });
          return claimed;
        },
      );
    },

    /** What a link is for and whether it still works; null when there is no such link. */
    async link(token: string): Promise<ListingLink | null> {
      const link = await oneTimeLinks.find(db, token);
      if (!link) return null;
      return {
        purpose: link.purpose,
        serviceId: link.serviceId,
        serviceName: await serviceName(db, link.serviceId),
        state: linkState(link, app.now()),
        expiresAt: link.expiresAt.toISOString(),
      };
    },

    /** "Still correct": the listing is checked today, with the 11-month email's link. */
    async confirm({
      token,
      key,
    }: {
      token: string;
      key: string | undefined;
    }): Promise<ProviderWrite<z.infer<typeof ConfirmListingResponseSchema>>> {
      return idempotentWrite(
        db,
        { scope: `link:${tokenHash(token)}`, key, operation: 'confirm-listing', request: {} },
        async (tx): Promise<Answer<z.infer<typeof ConfirmListingResponseSchema>>> => {
          const now = app.now();
          const link = await oneTimeLinks.find(tx, token);
          if (!link || link.purpose !== 'still-correct') return refused(404, LINK_NOT_FOUND);
          const state = linkState(link, now);
          if (state !== 'ready') return refused(410, state === 'used' ? LINK_USED : LINK_EXPIRED);
          if (!(await oneTimeLinks.use(tx, token, { now }))) return refused(410, LINK_USED);
          const today = londonDay(now);
          const checked = await providers.markChecked(tx, link.serviceId, { today, now });
          if (!checked) return refused(404, LINK_NOT_FOUND);
          await providers.audit(tx, {
            actorUserId: null,
            actor: link.email,
            action: 'confirm-listing',
            entityType: 'listing',
            entityId: link.serviceId,
            before: { lastChecked: checked.lastChecked },
            after: { lastChecked: today },
          });
          return {
            status: 200,
            body: { serviceId: link.serviceId, serviceName: checked.name, lastChecked: today },
          };
        },
      );
    },

    /**
     * New links in place of an expired one, emailed to the same address. The email is queued
     * with the renewal and sent once it has committed, only by the request that made it.
     *
     * When the mail server refuses it, the renewal is undone, key and all, and the answer is
     * 'unsent' (503 with Retry-After), as providers.test.ts ("undoes the renewal when the email
     * cannot be sent") pins: the person is told to try again, and the retry makes and sends new
     * links. So the queued email is withdrawn in the same transaction as the undo; left queued,
     * the timer would later send links that no longer exist, beside the retry's working ones.
     * A fault of our own after the commit (not the mail server's refusal) leaves the email
     * queued for the timer and the renewal standing, as for any queued email.
     */
    async renew(
      { token, key }: { token: string; key: string | undefined },
      log: FastifyBaseLogger,
    ): Promise<ProviderWrite<RenewListingLinkResponse>> {
      const scope = { scope: `link:${tokenHash(token)}`, key };
      let renewal: Renewal | null = null;
      const write = await idempotentWrite(
        db,
        { ...scope, operation: 'renew-listing-link', request: {} },
        async (tx): Promise<Answer<RenewListingLinkResponse>> => {
          const now = app.now();
          const link = await providers.lockedLink(tx, token);
          if (!link) return refused(404, LINK_NOT_FOUND);
          const state = linkState(link, now);
          if (state === 'used') return refused(410, LINK_USED);
          if (state === 'ready') return refused(409, LINK_STILL_WORKS);
          renewal = await renewExpiredLink(tx, link, { now, publicUrl: app.config.publicUrl });
          if (!renewal) return refused(404, LINK_NOT_FOUND);
          return { status: 200, body: renewal.answer };
        },
      );
      const made = renewal as Renewal | null;
      if (write.outcome !== 'done' || !made?.sent) return write;
      const delivery = { db, mailer: app.mailer, now: app.now(), log };
      const sent = await sendOrWithdraw(delivery, made.mailId, async (tx) => {
        await undoRenewal(tx, made.writes);
        await forgetWrite(tx, scope);
      });
      if (sent.outcome !== 'withdrawn') return write;
      log.error(
        { outgoingMailId: made.mailId, serviceId: made.writes.serviceId },
        'could not send a renewed listing link; the renewal and its email are withdrawn',
      );
      return { outcome: 'unsent' };
    },
  };
}
