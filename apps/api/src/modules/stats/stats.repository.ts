import type { PublicStats } from '@locals/contracts/stats';
import type { Db } from '@locals/db/client';
import { newsletterSubscribers, services } from '@locals/db/schema';
import { count, countDistinct, isNull, ne } from 'drizzle-orm';

export function createStatsRepository(db: Db) {
  return {
    async read(): Promise<PublicStats> {
      const [subscribers] = await db
        .select({ active: count() })
        .from(newsletterSubscribers)
        .where(isNull(newsletterSubscribers.unsubscribedAt));
      // Demo listings are not real services, so they never count towards a public figure.
      const [listed] = await db
        .select({ services: count(), authorities: countDistinct(services.ladCode) })
        .from(services)
        .where(ne(services.source, 'demo'));
      return {
        subscribers: subscribers?.active ?? 0,
        servicesListed: listed?.services ?? 0,
        localAuthorities: listed?.authorities ?? 0,
      };
    },
  };
}
