import { createHash, randomBytes } from 'node:crypto';
import { ONE_TIME_LINK_DAYS } from '@locals/contracts/listing';
import type { ListingLinkPurpose } from '@locals/contracts/providers';
import type { Db } from '@locals/db/client';
import { listingLinks } from '@locals/db/schema';
import { and, eq, isNull } from 'drizzle-orm';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only this is stored: a copy of the database cannot use the links it holds. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The claim page for a link: the person signs in there and presses the button to use it. */
export function claimLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/my-listings/claim?${new URLSearchParams({ token }).toString()}`;
}

/** When a link issued at `now` stops working. */
export function linkExpiry(now: Date): Date {
  return new Date(now.getTime() + ONE_TIME_LINK_DAYS * DAY_MS);
}

export type ListingLinkRow = typeof listingLinks.$inferSelect;

export type LinkState = 'ready' | 'used' | 'expired';

export function linkState(link: ListingLinkRow, now: Date): LinkState {
  if (link.usedAt) return 'used';
  return link.expiresAt <= now ? 'expired' : 'ready';
}

/**
 * One-time links emailed about a listing (decision 024): 32 random bytes, base64url, working once and
 * for 7 days. Each function takes the caller's transaction.
 */
export const oneTimeLinks = {
  /** A new link's token, for the email; the database keeps only its hash. */
  async issue(
    db: Db,
    link: { purpose: ListingLinkPurpose; serviceId: string; email: string; now: Date },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.insert(listingLinks).values({
      tokenHash: tokenHash(token),
      purpose: link.purpose,
      serviceId: link.serviceId,
      email: link.email,
      createdAt: link.now,
      expiresAt: linkExpiry(link.now),
    });
    return token;
  },

  async find(db: Db, token: string): Promise<ListingLinkRow | null> {
    const [row] = await db
      .select()
      .from(listingLinks)
      .where(eq(listingLinks.tokenHash, tokenHash(token)));
    return row ?? null;
  },

  /**
   * Uses a ready link: true when this call used it, false when it was already used (by a
   * concurrent request too: the update matches only an unused row) or has expired.
   */
  async use(db: Db, token: string, { now, userId }: { now: Date; userId?: string }) {
    const used = await db
      .update(listingLinks)
      .set({ usedAt: now, usedBy: userId ?? null })
      .where(and(eq(listingLinks.tokenHash, tokenHash(token)), isNull(listingLinks.usedAt)))
      .returning();
    const [row] = used;
    return row !== undefined && row.expiresAt > now;
  },
};
