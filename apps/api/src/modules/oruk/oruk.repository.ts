import { queryRows, type Db } from '@locals/db/client';
import { sql, type SQL } from 'drizzle-orm';
import { conditions, PUBLISHED, type ServiceFilters } from './feed-filters';
import type { ServiceRow } from './oruk-objects';
import {
  boundsOf,
  createPageKeysCache,
  isEvenEnough,
  MOST_KEYED_PAGES,
  pageCount,
  type PageBounds,
  type PageKeys,
} from './page-keys';

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

/** What names a list's page keys: which list, its filters and its page size. */
function listName(list: 'services' | 'located', filters: ServiceFilters, request: PageRequest) {
  return JSON.stringify([list, request.perPage, filters]);
}

export function createOrukRepository(db: Db) {
  const pageKeys = createPageKeysCache();

  async function countOf(condition: SQL): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from services s where ${condition}`,
    );
    return row?.total ?? 0;
  }

  /**
   * The rows of a page's ids, in their order. The ids are found and sorted first, narrow rows,
   * then read in full by primary key: sorting whole rows spilled to disk once the table grew.
   */
  function rowsOf<T extends Record<string, unknown>>(ids: SQL, origin?: SQL): Promise<T[]> {
    return queryRows<T>(
      db,
      origin
        ? sql`select ${COLUMNS}, p.metres from (${ids}) as p join services s on s.id = p.id
            order by p.metres nulls last, s.id`
        : sql`select ${COLUMNS} from (${ids}) as p join services s on s.id = p.id order by s.id`,
    );
  }

  /** Page N by counting past the pages before it; near a point, nearest first (ties by id). */
  function offsetRows<T extends Record<string, unknown>>(
    condition: SQL,
    request: PageRequest,
    origin?: SQL,
  ): Promise<T[]> {
    const limit = sql`limit ${request.perPage} offset ${(request.page - 1) * request.perPage}`;
    return rowsOf<T>(
      origin
        ? sql`select s.id, earth_distance(${origin}, ${POINT}) as metres from services s
            where ${condition} order by metres nulls last, s.id ${limit}`
        : sql`select s.id from services s where ${condition} order by s.id ${limit}`,
      origin,
    );
  }

  /**
   * Page N: the ids after the previous page's last, up to its own, and no more than a page and
   * its slack (one more says it held more). The upper end applies outside the limit, so the
   * ids are walked in index order until enough are found: given the range, the planner gathered
   * it all and sorted it, and page 1 at per_page 10,000 took 720-800 ms, not 580-660 (bench:oruk).
   */
  function keyedRows<T extends Record<string, unknown>>(
    condition: SQL,
    bounds: PageBounds | null,
    perPage: number,
  ): Promise<T[]> {
    if (!bounds) return Promise.resolve([]);
    const after = bounds.after === undefined ? [] : [sql`s.id > ${bounds.after}`];
    const most = bounds.expected + Math.floor(perPage / 10) + 1;
    const ids = sql`select s.id from services s where ${sql.join([condition, ...after], sql` and `)}
      order by s.id limit ${most}`;
    return rowsOf<T>(
      bounds.upTo === undefined
        ? ids
        : sql`select t.id from (${ids}) as t where t.id <= ${bounds.upTo}`,
    );
  }

  /** Every page's last id in one pass over the list's ids, in order, with their count. */
  async function makePageKeys(condition: SQL, perPage: number): Promise<PageKeys> {
    const [row] = await queryRows<{ total: number; ends: string[] }>(
      db,
      sql`select count(*)::int as total,
            coalesce(array_agg(t.id order by t.n) filter (where t.n % ${perPage} = 0), '{}') as ends
          from (select s.id, row_number() over (order by s.id) as n
                from services s where ${condition}) as t`,
    );
    return { total: row?.total ?? 0, ends: row?.ends ?? [] };
  }

  /**
   * One page of a list in id order, and the list's count (decision 041). Page N is read from
   * where the list's page keys say it starts while the count is what it was when they were made
   * and the page holds about per_page; otherwise they are made again, so a walk has them from
   * page 1. A list of one page needs none, nor one of more than MOST_KEYED_PAGES: offsets.
   */
  async function keyedPage<T extends Record<string, unknown>>(
    where: SQL[],
    request: PageRequest,
    list: string,
  ): Promise<{ rows: T[]; total: number }> {
    const condition = sql.join(where, sql` and `);
    const { page, perPage } = request;
    const known = pageKeys.get(list);
    const [total, read] = await Promise.all([
      countOf(condition),
      known?.then(async (keys) => {
        const bounds = boundsOf(keys, page, perPage);
        const rows = await keyedRows<T>(condition, bounds, perPage);
        const isUsable = !bounds || isEvenEnough(rows.length, bounds, perPage);
        return { keys, rows: isUsable ? rows : null };
      }),
    ]);
    if (read?.rows && read.keys.total === total) return { rows: read.rows, total };
    const pages = pageCount(total, perPage);
    if (pages === 1 || pages > MOST_KEYED_PAGES)
      return { rows: await offsetRows<T>(condition, request), total };
    const keys = await pageKeys.refresh(list, known, () => makePageKeys(condition, perPage));
    const rows = await keyedRows<T>(condition, boundsOf(keys, page, perPage), perPage);
    return { rows, total: keys.total };
  }

  /** Near a point, by offset: distance orders the page, and no id says where one starts. */
  async function nearPage<T extends Record<string, unknown>>(
    where: SQL[],
    request: PageRequest,
    origin: SQL,
  ): Promise<{ rows: T[]; total: number }> {
    const condition = sql.join(where, sql` and `);
    const [rows, total] = await Promise.all([
      offsetRows<T>(condition, request, origin),
      countOf(condition),
    ]);
    return { rows, total };
  }

  return {
    /** Services in id order, which never changes, so a walk page by page meets each once. */
    services(filters: ServiceFilters, request: PageRequest) {
      return keyedPage<ServiceRow>(
        conditions(filters),
        request,
        listName('services', filters, request),
      );
    },

    /** Services with a location; near a point, nearest first (ties by id), maybe within a radius. */
    servicesAtLocations(filters: ServiceFilters, request: PageRequest, near?: Near) {
      const where = [...conditions(filters), HAS_LOCATION];
      if (!near)
        return keyedPage<ServiceRow>(where, request, listName('located', filters, request));
      const origin = sql`ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`;
      if (near.withinMetres !== undefined) {
        where.push(
          sql`s.latitude is not null and s.longitude is not null`,
          sql`earth_box(${origin}, ${near.withinMetres}::float8) @> ${POINT}`,
          sql`earth_distance(${origin}, ${POINT}) <= ${near.withinMetres}::float8`,
        );
      }
      return nearPage<ServiceRow & { metres: number | null }>(where, request, origin);
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
