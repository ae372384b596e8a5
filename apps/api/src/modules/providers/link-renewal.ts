import type { ListingLinkPurpose, RenewListingLinkResponse } from '@locals/contracts/providers';
import type { Db } from '@locals/db/client';
import type { MailMessage } from '../../lib/mailer';
import { linkExpiry, oneTimeLinks, tokenHash, type ListingLinkRow } from '../listings';
import { freshnessNudge } from './freshness';
import { maskedEmail, newClaimLinkEmail } from './providers.email';
import { providersRepository as providers } from './providers.repository';
import { enqueueMail } from '../outgoing-mail';

/** What a renewal wrote, to undo when its email cannot be sent. */
export type RenewalWrites = {
  tokenHashes: string[];
  serviceId: string;
  email: string;
  purposes: ListingLinkPurpose[];
};

export type Renewal =
  | { sent: false; answer: RenewListingLinkResponse }
  | {
      sent: true;
      answer: RenewListingLinkResponse;
      /** The email with the new links, queued in the renewal's transaction (outgoing mail). */
      mailId: number;
      writes: RenewalWrites;
    };

/**
 * Renews an expired, unused link in the caller's transaction: a new link of the same purpose,
 * for the same listing, to the same address, recorded in the audit log, and its email queued to
 * go once the transaction has committed (decision 026). The 11-month email's two links are
 * renewed together, in that email again. When a link like it sent earlier still works, nothing
 * is written and nothing is sent. Answers null when the listing has gone.
 */
export async function renewExpiredLink(
  tx: Db,
  link: ListingLinkRow,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<Renewal | null> {
  const email = maskedEmail(link.email);
  const earlier = await providers.liveLinkLike(tx, link, now);
  if (earlier) {
    return {
      sent: false,
      answer: { sent: false, email, expiresAt: earlier.expiresAt.toISOString() },
    };
  }
  const listing = await providers.listingOf(tx, link.serviceId);
  if (!listing) return null;

  let mail: MailMessage;
  let tokens: string[];
  if (link.purpose === 'claim') {
    const token = await oneTimeLinks.issue(tx, {
      purpose: 'claim',
      serviceId: link.serviceId,
      email: link.email,
      now,
    });
    tokens = [token];
    mail = newClaimLinkEmail({ to: link.email, name: listing.name, publicUrl, token });
  } else {
    ({ mail, tokens } = await freshnessNudge(
      tx,
      {
        serviceId: link.serviceId,
        name: listing.name,
        lastChecked: listing.reviewDate,
        to: link.email,
      },
      { now, publicUrl },
    ));
  }
  const expiresAt = linkExpiry(now).toISOString();
  const purposes: ListingLinkPurpose[] =
    link.purpose === 'claim' ? ['claim'] : ['still-correct', 'something-changed'];
  await providers.audit(tx, {
    actorUserId: null,
    actor: link.email,
    action: 'renew-link',
    entityType: 'listing',
    entityId: link.serviceId,
    before: { purpose: link.purpose, expiresAt: link.expiresAt.toISOString() },
    after: { purposes, email: link.email, expiresAt },
  });
  return {
    sent: true,
    answer: { sent: true, email, expiresAt },
    mailId: await enqueueMail(tx, mail, now),
    writes: {
      tokenHashes: tokens.map(tokenHash),
      serviceId: link.serviceId,
      email: link.email,
      purposes,
    },
  };
}

/**
 * Undoes a renewal whose email could not be sent (its queued email withdrawn in the same
 * transaction): its links go (nobody has them), and the audit log, which is append-only, says
 * so after its 'renew-link' entry.
 */
export async function undoRenewal(tx: Db, writes: RenewalWrites): Promise<void> {
  await providers.deleteLinks(tx, writes.tokenHashes);
  await providers.audit(tx, {
    actorUserId: null,
    actor: writes.email,
    action: 'renew-link-unsent',
    entityType: 'listing',
    entityId: writes.serviceId,
    before: { purposes: writes.purposes, email: writes.email },
    after: null,
  });
}
