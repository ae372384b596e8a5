import type { SiteViews } from '@locals/contracts/site-views';
import type { Db } from '@locals/db/client';
import { siteViewDays } from '@locals/db/schema';
import { sql } from 'drizzle-orm';

export function createSiteViewsRepository(db: Db) {
  async function read(today: string): Promise<SiteViews> {
    const [row] = await db
      .select({
        total: sql`coalesce(sum(${siteViewDays.views}), 0)`.mapWith(Number),
        today:
          sql`coalesce(sum(${siteViewDays.views}) filter (where ${siteViewDays.day} = ${today}), 0)`.mapWith(
            Number,
          ),
        lastViewedAt: sql`max(${siteViewDays.lastViewedAt})`.mapWith(siteViewDays.lastViewedAt),
      })
      .from(siteViewDays);
    return {
      TotalViews: row?.total ?? 0,
      TodayViews: row?.today ?? 0,
      LastUpdated: row?.lastViewedAt ? row.lastViewedAt.toISOString() : null,
    };
  }

  return {
    read,

    /** One atomic upsert, so concurrent visits are all counted. */
    async increment(today: string, at: Date): Promise<SiteViews> {
      await db
        .insert(siteViewDays)
        .values({ day: today, views: 1, lastViewedAt: at })
        .onConflictDoUpdate({
          target: siteViewDays.day,
          set: {
            views: sql`${siteViewDays.views} + 1`,
            lastViewedAt: sql`greatest(${siteViewDays.lastViewedAt}, excluded.last_viewed_at)`,
          },
        });
      return read(today);
    },
  };
}
