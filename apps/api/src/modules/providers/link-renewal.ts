import type { ListingLinkPurpose, RenewListingLinkResponse } from '@locals/contracts/providers';
import type { Db } from '@locals/db/client';
import { listingLinks, services } from '@locals/db/schema';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { MailMessage } from '../../lib/mailer';
import { linkExpiry, oneTimeLinks, tokenHash, type ListingLinkRow } from '../listings';
import { freshnessNudgeEmail, maskedEmail, newClaimLinkEmail } from './providers.email';
import { providersRepository as providers } from './providers.repository';

/** What a renewal wrote, to undo when its email cannot be sent. */
export type RenewalWrites = {
  tokenHashes: string[];
  serviceId: string;
  email: string;
  purposes: ListingLinkPurpose[];
};

export type Renewal =
  | { sent: false; answer: RenewListingLinkResponse }
  | { sent: true; answer: RenewListingLinkResponse; mail: MailMessage; writes: RenewalWrites };

/** The link, locked so two renewals of it at once send one email between them. */
export async function lockedLink(tx: Db, token: string): Promise<ListingLinkRow | null> {
  const [row] = await tx
    .select()
    .from(listingLinks)
    .where(eq(listingLinks.tokenHash, tokenHash(token)))
    .for('update');
  return row ?? null;
}

/** A link for the same listing and purpose, to the same address, unused and working: sent earlier. */
async function liveLinkLike(tx: Db, link: ListingLinkRow, now: Date) {
  const [row] = await tx
    .select()
    .from(listingLinks)
    .where(
      and(
        eq(listingLinks.serviceId, link.serviceId),
        eq(listingLinks.purpose, link.purpose),
        sql`lower(${listingLinks.email}) = ${link.email.toLowerCase()}`,
        isNull(listingLinks.usedAt),
        gt(listingLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(listingLinks.expiresAt))
    .limit(1);
  return row ?? null;
}

/**
 * Renews an expired, unused link (issue 15) in the caller's transaction: a new link of the same
 * purpose, for the same listing, to the same address, recorded in the audit log, and the email
 * to send once the transaction has committed. The 11-month email's two links are renewed
 * together, in that email again. When a link like it sent earlier still works, nothing is
 * written and nothing is sent. Answers null when the listing has gone.
 */
export async function renewExpiredLink(
  tx: Db,
  link: ListingLinkRow,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<Renewal | null> {
  const email = maskedEmail(link.email);
  const earlier = await liveLinkLike(tx, link, now);
  if (earlier) {
    return {
      sent: false,
      answer: { sent: false, email, expiresAt: earlier.expiresAt.toISOString() },
    };
  }
  const [listing] = await tx
    .select({ name: services.name, reviewDate: services.reviewDate })
    .from(services)
    .where(eq(services.id, link.serviceId));
  if (!listing) return null;

  const issue = (purpose: ListingLinkPurpose) =>
    oneTimeLinks.issue(tx, { purpose, serviceId: link.serviceId, email: link.email, now });
  let mail: MailMessage;
  let tokens: string[];
  if (link.purpose === 'claim') {
    const token = await issue('claim');
    tokens = [token];
    mail = newClaimLinkEmail({ to: link.email, name: listing.name, publicUrl, token });
  } else {
    const stillCorrectToken = await issue('still-correct');
    const somethingChangedToken = await issue('something-changed');
    tokens = [stillCorrectToken, somethingChangedToken];
    mail = freshnessNudgeEmail({
      to: link.email,
      name: listing.name,
      lastChecked: listing.reviewDate,
      publicUrl,
      stillCorrectToken,
      somethingChangedToken,
    });
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
    after: {
      purposes,
      email: link.email,
      expiresAt,
    },
  });
  return {
    sent: true,
    answer: { sent: true, email, expiresAt },
    mail,
    writes: {
      tokenHashes: tokens.map(tokenHash),
      serviceId: link.serviceId,
      email: link.email,
      purposes,
    },
  };
}

/**
 * Undoes a renewal whose email could not be sent: its links go (nobody has them), and the audit
 * log, which is append-only, says so after its 'renew-link' entry.
 */
export async function undoRenewal(tx: Db, writes: RenewalWrites): Promise<void> {
  await tx.delete(listingLinks).where(inArray(listingLinks.tokenHash, writes.tokenHashes));
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
