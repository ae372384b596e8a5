import { queryRows, type Db } from '@locals/db/client';
import { sql, type SQL } from 'drizzle-orm';
import type { ServiceRow } from './oruk-objects';
import type { CategoryFilter } from './taxonomy';

/** What narrows /services and /service_at_locations (query parameters, already read). */
export type ServiceFilters = {
  search?: string | undefined;
  categories: CategoryFilter[];
  minimumAge?: number | undefined;
  maximumAge?: number | undefined;
};

export type Near = { latitude: number; longitude: number; withinMetres?: number | undefined };

export type PageRequest = { page: number; perPage: number };

const COLUMNS = sql`s.id, s.name, s.description, s.provider, s.status, s.website, s.email, s.phones,
  s.address, s.postcode, s.lad_name, s.latitude, s.longitude, s.weekly_hours, s.opening_hours,
  s.age_min, s.age_max, s.languages, s.categories, s.source, s.source_name, s.source_updated,
  s.licence, s.verification_status, s.updated_at`;

/**
 * What the feed publishes: verified listings that are not demos (decision 025). Unverified ones
 * stay on the site, where they are marked, and out of the feed, which cannot mark them.
 */
const PUBLISHED = sql`s.verified and s.source <> 'demo'`;

/** A location needs all six address fields, so an address line and a postcode. */
const HAS_LOCATION = sql`coalesce(btrim(s.address), '') <> '' and coalesce(btrim(s.postcode), '') <> ''`;

const POINT = sql`ll_to_earth(s.latitude, s.longitude)`;

/** A service's feed ids in SQL, written exactly as the indexes of migration 0018 are. */
const ORUK_ID = {
  service: sql`locals_oruk_id('service', s.id)`,
  service_at_location: sql`locals_oruk_id('service_at_location', s.id)`,
} as const;

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

function conditions(filters: ServiceFilters): SQL[] {
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
  return where;
}

export function createOrukRepository(db: Db) {
  /**
   * One page and the total. The page's ids are found and sorted first, narrow rows, then read in
   * full by primary key: sorting whole rows spilled to disk once the table grew (bench:oruk).
   * Near a point, the distance is computed with the ids and orders them, nearest first.
   */
  async function page<T extends Record<string, unknown>>(
    where: SQL[],
    request: PageRequest,
    origin?: SQL,
  ): Promise<{ rows: T[]; total: number }> {
    const condition = sql.join(where, sql` and `);
    const limit = sql`limit ${request.perPage} offset ${(request.page - 1) * request.perPage}`;
    const ids = origin
      ? sql`select s.id, earth_distance(${origin}, ${POINT}) as metres from services s
          where ${condition} order by metres nulls last, s.id ${limit}`
      : sql`select s.id from services s where ${condition} order by s.id ${limit}`;
    const [rows, counted] = await Promise.all([
      queryRows<T>(
        db,
        origin
          ? sql`select ${COLUMNS}, p.metres from (${ids}) as p join services s on s.id = p.id
              order by p.metres nulls last, s.id`
          : sql`select ${COLUMNS} from (${ids}) as p join services s on s.id = p.id order by s.id`,
      ),
      queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from services s where ${condition}`,
      ),
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  return {
    /** Services in id order, which never changes, so a walk page by page meets each once. */
    services(filters: ServiceFilters, request: PageRequest) {
      return page<ServiceRow>(conditions(filters), request);
    },

    /** Services with a location; near a point, nearest first (ties by id), maybe within a radius. */
    servicesAtLocations(filters: ServiceFilters, request: PageRequest, near?: Near) {
      const where = [...conditions(filters), HAS_LOCATION];
      if (!near) return page<ServiceRow>(where, request);
      const origin = sql`ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`;
      if (near.withinMetres !== undefined) {
        where.push(
          sql`s.latitude is not null and s.longitude is not null`,
          sql`earth_box(${origin}, ${near.withinMetres}::float8) @> ${POINT}`,
          sql`earth_distance(${origin}, ${POINT}) <= ${near.withinMetres}::float8`,
        );
      }
      return page<ServiceRow & { metres: number | null }>(where, request, origin);
    },

    /**
     * The published service whose feed id (of this kind) is `uuid`; null when none. Found through
     * the index on locals_oruk_id (migration 0018), whose expression names the kind as a constant.
     */
    async serviceByOrukId(kind: 'service' | 'service_at_location', uuid: string) {
      const where = [PUBLISHED, sql`${ORUK_ID[kind]} = ${uuid}::uuid`];
      if (kind === 'service_at_location') where.push(HAS_LOCATION);
      const [row] = await queryRows<ServiceRow>(
        db,
        sql`select ${COLUMNS} from services s where ${sql.join(where, sql` and `)}`,
      );
      return row ?? null;
    },
  };
}
