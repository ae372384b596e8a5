import { sql, type SQL } from 'drizzle-orm';
import type { CategoryFilter } from './taxonomy';

/** What narrows /services and /service_at_locations (query parameters, already read). */
export type ServiceFilters = {
  search?: string | undefined;
  categories: CategoryFilter[];
  minimumAge?: number | undefined;
  maximumAge?: number | undefined;
  /** A published schedule's: ISO weekday, and "HH:MM:SS" it opens at or after, closes by. */
  day?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  modifiedAfter?: Date | undefined;
};

/**
 * What the feed publishes: verified listings that are not demos (decision 025). Unverified ones
 * stay on the site, where they are marked, and out of the feed, which cannot mark them.
 */
export const PUBLISHED = sql`s.verified and s.source <> 'demo'`;

function categoryCondition(filter: CategoryFilter): SQL {
  switch (filter.kind) {
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'any-category':
      return sql`cardinality(s.categories) > 0`;
    case 'category':
      return sql`s.categories @> array[${filter.category}]::text[]`;
  }
}

/**
 * A published schedule on that day, opening at or after start, closing by end. The feed makes
 * one schedule per opening time, naming every day it has (oruk-objects.ts), so one of them
 * matches all three exactly when one session does. Times compare as times (24:00 is one).
 */
function scheduleCondition({ day, startTime, endTime }: ServiceFilters): SQL | null {
  const session = [
    ...(day === undefined ? [] : [sql`session->>'day' = ${String(day)}`]),
    ...(startTime === undefined ? [] : [sql`(session->>'opens')::time >= ${startTime}::time`]),
    ...(endTime === undefined ? [] : [sql`(session->>'closes')::time <= ${endTime}::time`]),
  ];
  if (session.length === 0) return null;
  return sql`exists (select 1 from jsonb_array_elements(s.weekly_hours->'sessions') as session
    where ${sql.join(session, sql` and `)})`;
}

export function conditions(filters: ServiceFilters): SQL[] {
  const where = [PUBLISHED, ...filters.categories.map(categoryCondition)];
  // The stemmed full text search uses (migration 0010): name, types, categories, description.
  if (filters.search)
    where.push(sql`s.search @@ websearch_to_tsquery('english', ${filters.search})`);
  // A service without a lower age limit serves from 0; without an upper one, any age. Ages may
  // be fractional (the profile's type is number): compared as numeric, not integer.
  if (filters.minimumAge !== undefined)
    where.push(sql`coalesce(s.age_min, 0) >= ${filters.minimumAge}::numeric`);
  if (filters.maximumAge !== undefined)
    where.push(sql`s.age_max is not null and s.age_max <= ${filters.maximumAge}::numeric`);
  const schedule = scheduleCondition(filters);
  if (schedule) where.push(schedule);
  // A service's last_modified in the feed is its updated_at, moved by every write of the record.
  if (filters.modifiedAfter)
    where.push(sql`s.updated_at >= ${filters.modifiedAfter.toISOString()}::timestamptz`);
  return where;
}
