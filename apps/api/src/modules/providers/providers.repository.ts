import { NUDGE_AFTER_MONTHS } from '@locals/contracts/listing';
import type { Db } from '@locals/db/client';
import { auditLog, listingLinks, listingProviders, services } from '@locals/db/schema';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { londonDay } from '../../capabilities/london-time';
import { monthsBefore, tokenHash, type ListingLinkRow } from '../listings';

/** One audit log entry (the moderation module's shape), written in the caller's transaction. */
export type AuditEntry = typeof auditLog.$inferInsert;

/**
 * Who provides listings, as listing_providers records it, and the few listing columns the
 * providers' emails and checks read and write (decision 024).
 */
export const providersRepository = {
  /** The listings this person has claimed, by name. */
  async listingsOf(db: Db, userId: string) {
    return db
      .select({
        id: services.id,
        name: services.name,
        postcode: services.postcode,
        reviewDate: services.reviewDate,
      })
      .from(listingProviders)
      .innerJoin(services, eq(services.id, listingProviders.serviceId))
      .where(eq(listingProviders.userId, userId))
      .orderBy(asc(services.name), asc(services.id));
  },

  /** The listing's provider, or null when no organisation has been recorded for it. */
  async providerOf(db: Db, serviceId: string) {
    const [row] = await db
      .select()
      .from(listingProviders)
      .where(eq(listingProviders.serviceId, serviceId));
    return row ?? null;
  },

  /** Records the account that proved it holds the provider's email, replacing any before. */
  async claim(db: Db, provider: { serviceId: string; email: string; userId: string }) {
    await db
      .insert(listingProviders)
      .values(provider)
      .onConflictDoUpdate({
        target: listingProviders.serviceId,
        set: { email: provider.email, userId: provider.userId },
      });
  },

  /** The listing's name and last check, for an email about it; null when it has gone. */
  async listingOf(db: Db, serviceId: string) {
    const [row] = await db
      .select({ name: services.name, reviewDate: services.reviewDate })
      .from(services)
      .where(eq(services.id, serviceId));
    return row ?? null;
  },

  /**
   * Checks the listing on `today` ("Still correct"), so a freshness email is due again 11
   * months on. Answers its name and the day it was checked before; null when it has gone.
   */
  async markChecked(db: Db, serviceId: string, { today, now }: { today: string; now: Date }) {
    const before = await providersRepository.listingOf(db, serviceId);
    const [row] = await db
      .update(services)
      .set({ reviewDate: today, checkNudgedAt: null, updatedAt: now })
      .where(eq(services.id, serviceId))
      .returning({ name: services.name });
    return row ? { name: row.name, lastChecked: before?.reviewDate ?? null } : null;
  },

  /**
   * Listings whose freshness email is due at `now`, oldest check first, at most `limit`: checked
   * through Locals 11 months ago or more, not demo, not emailed since, and with an address (the
   * provider's, or else the listing's own).
   */
  async dueForNudge(db: Db, { now, limit }: { now: Date; limit: number }) {
    const recipient = sql<string>`coalesce(${listingProviders.email}, nullif(trim(${services.email}), ''))`;
    return db
      .select({
        id: services.id,
        name: services.name,
        reviewDate: services.reviewDate,
        recipient,
      })
      .from(services)
      .leftJoin(listingProviders, eq(listingProviders.serviceId, services.id))
      .where(
        and(
          ne(services.source, 'demo'),
          isNotNull(services.reviewDate),
          lte(services.reviewDate, monthsBefore(londonDay(now), NUDGE_AFTER_MONTHS)),
          isNull(services.checkNudgedAt),
          sql`${recipient} is not null`,
        ),
      )
      .orderBy(asc(services.reviewDate), asc(services.id))
      .limit(limit);
  },

  /**
   * Marks the listing emailed at `now`, unless it already is: false when another run marked it
   * first, so of several instances exactly one emails it.
   */
  async markNudged(db: Db, serviceId: string, now: Date): Promise<boolean> {
    const marked = await db
      .update(services)
      .set({ checkNudgedAt: now })
      .where(and(eq(services.id, serviceId), isNull(services.checkNudgedAt)))
      .returning({ id: services.id });
    return marked.length > 0;
  },

  /** Clears the mark `markNudged` set at `now` (and only that one), so the next run emails it. */
  async clearNudge(db: Db, serviceId: string, now: Date): Promise<void> {
    await db
      .update(services)
      .set({ checkNudgedAt: null })
      .where(and(eq(services.id, serviceId), eq(services.checkNudgedAt, now)));
  },

  /** The link, locked so two renewals of it at once send one email between them. */
  async lockedLink(tx: Db, token: string): Promise<ListingLinkRow | null> {
    const [row] = await tx
      .select()
      .from(listingLinks)
      .where(eq(listingLinks.tokenHash, tokenHash(token)))
      .for('update');
    return row ?? null;
  },

  /** A link for the same listing and purpose, to the same address, unused and working: sent earlier. */
  async liveLinkLike(db: Db, link: ListingLinkRow, now: Date): Promise<ListingLinkRow | null> {
    const [row] = await db
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
  },

  /** Deletes links nobody was sent (their email was withdrawn), by their hashes. */
  async deleteLinks(db: Db, tokenHashes: string[]): Promise<void> {
    await db.delete(listingLinks).where(inArray(listingLinks.tokenHash, tokenHashes));
  },

  /** Appends to the audit log, in the transaction of the change it records. */
  async audit(db: Db, entry: AuditEntry) {
    await db.insert(auditLog).values(entry);
  },
};
