import { STALE_AFTER_MONTHS } from '@locals/contracts/listing';
import type { StaleListing } from '@locals/contracts/moderation';
import type { Db } from '@locals/db/client';
import { listingProviders, services } from '@locals/db/schema';
import { and, asc, count, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { monthsBefore } from '../listings';

/**
 * Listings nobody has checked for 12 months (London date `today`), least recently checked
 * first, one page at a time. Demo listings are never real organisations' and never listed.
 */
export async function staleListings(
  db: Db,
  { today, page, pageSize }: { today: string; page: number; pageSize: number },
): Promise<{ listings: StaleListing[]; total: number }> {
  const stale = and(
    ne(services.source, 'demo'),
    isNotNull(services.reviewDate),
    lte(services.reviewDate, monthsBefore(today, STALE_AFTER_MONTHS)),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: services.id,
        name: services.name,
        postcode: services.postcode,
        lastChecked: services.reviewDate,
        contactEmail: sql<string | null>`coalesce(${listingProviders.email}, ${services.email})`,
        nudgedAt: services.checkNudgedAt,
      })
      .from(services)
      .leftJoin(listingProviders, eq(listingProviders.serviceId, services.id))
      .where(stale)
      .orderBy(asc(services.reviewDate), asc(services.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(services).where(stale),
  ]);
  return {
    listings: rows.map((row) => ({ ...row, nudgedAt: row.nudgedAt?.toISOString() ?? null })),
    total: totals[0]?.total ?? 0,
  };
}
