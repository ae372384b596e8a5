import { queryRows, type Db } from '@locals/db/client';
import { sql, type SQL } from 'drizzle-orm';
import { conditions, PUBLISHED, type ServiceFilters } from './feed-filters';
import type { ServiceRow } from './oruk-objects';

export type Near = { latitude: number; longitude: number; withinMetres?: number | undefined };

export type PageRequest = { page: number; perPage: number };

const COLUMNS = sql`s.id, s.name, s.description, s.provider, s.status, s.website, s.email, s.phones,
  s.address, s.postcode, s.lad_name, s.latitude, s.longitude, s.weekly_hours, s.opening_hours,
  s.age_min, s.age_max, s.languages, s.categories, s.source, s.source_name, s.source_updated,
  s.licence, s.verification_status, s.updated_at`;

/** A location needs all six address fields, so an address line and a postcode. */
const HAS_LOCATION = sql`coalesce(btrim(s.address), '') <> '' and coalesce(btrim(s.postcode), '') <> ''`;

const POINT = sql`ll_to_earth(s.latitude, s.longitude)`;

/** A service's feed ids in SQL, written exactly as the indexes of migration 0018 are. */
const ORUK_ID = {
  service: sql`locals_oruk_id('service', s.id)`,
  service_at_location: sql`locals_oruk_id('service_at_location', s.id)`,
} as const;

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
