import { sql, type SQL } from 'drizzle-orm';

/** What narrows a search, beyond where it is. */
export type SearchFilters = {
  keyword?: string | undefined;
  category?: string | undefined;
  /** Case-insensitive; empty means any type. */
  serviceTypes: string[];
  includeUnverified: boolean;
  ageMin?: number | undefined;
  ageMax?: number | undefined;
  /** Lowest average rating, from 'N-stars'; undefined means any. */
  minRating?: number | undefined;
};

/** Where a search looks: a radius around a point, one postcode district, or everywhere. */
export type SearchArea =
  | { kind: 'radius'; latitude: number; longitude: number; radiusMetres: number }
  | { kind: 'district'; outcode: string; latitude: number; longitude: number }
  | { kind: 'everywhere' };

export type SearchPage = { limit: number; offset: number };

/** The one statement behind a search page: matching rows in order, each carrying the total. */
export function searchStatement(area: SearchArea, filters: SearchFilters, page: SearchPage): SQL {
  if (area.kind === 'radius' && indexAnswersFilters(filters)) return radiusStatement(area, filters, page);
  const origin = originOf(area);
  const metres = origin ? sql`earth_distance(${origin}, ${POINT})` : sql`null::float8`;
  const keyword = filters.keyword;
  const order =
    area.kind !== 'everywhere'
      ? sql`metres nulls last, s.id`
      : keyword
        ? // Full-text matches first, by rank; then matches by spelling alone, closest first.
          sql`(s.search @@ ${tsQueryOf(keyword)}) desc, ts_rank(s.search, ${tsQueryOf(keyword)}) desc,
              greatest(strict_word_similarity(${keyword}, s.name),
                       strict_word_similarity(${keyword}, s.name_pairs)) desc, s.id`
        : sql`s.name, s.id`;

  return sql`
    select ${SUMMARY_COLUMNS}, ${metres} as metres, (count(*) over ())::int as total
    from services s
    where ${sql.join(matchConditions(area, filters), sql` and `)}
    order by ${order}
    limit ${page.limit} offset ${page.offset}`;
}

const SUMMARY_COLUMNS = sql`s.id, s.name, s.description, s.address, s.postcode, s.phones, s.rating_average,
           s.review_count, s.recommendations, s.categories, s.service_types, s.facilities,
           s.verified, s.opening_hours, s.latitude, s.longitude, s.source`;

/**
 * A radius page, nearest first (ties by id), without sorting every match:
 *
 * 1. `nearest`: the first offset + limit matches in index order (GiST KNN, `<->` on the cube:
 *    chord distance, which orders like the great-circle distance), so the scan stops early.
 *    Their largest distance is the edge of the page.
 * 2. The page: every match no farther than that edge (a small box around the origin, so an
 *    index scan of about offset + limit rows), sorted exactly by (metres, id) as before. All
 *    services tied at the edge are in it, so ties are broken by id however the KNN scan met them.
 *    The edge is within the radius, so the radius tests need not be repeated (less to plan).
 * 3. The total: a separate count of every match (an uncorrelated subquery, so once per
 *    statement and from the same snapshot). With a category it is an index-only scan of that
 *    category's partial covering GiST index (migration 0005).
 */
function radiusStatement(
  area: Extract<SearchArea, { kind: 'radius' }>,
  filters: SearchFilters,
  page: SearchPage,
): SQL {
  const origin = sql`ll_to_earth(${area.latitude}::float8, ${area.longitude}::float8)`;
  const where = sql.join(matchConditions(area, filters), sql` and `);
  const edge = sql`(select max(metres) from nearest)`;
  const pageConditions = [
    ...filterConditions(filters),
    sql`earth_box(${origin}, ${edge} + ${EDGE_BOX_MARGIN_METRES}::float8) @> ${POINT}`,
    sql`earth_distance(${origin}, ${POINT}) <= ${edge}`,
  ];
  return sql`
    with nearest as (
      select earth_distance(${origin}, ${POINT}) as metres
      from services s
      where ${where}
      order by ${POINT} <-> ${origin}
      limit ${page.offset + page.limit}
    )
    select ${SUMMARY_COLUMNS}, earth_distance(${origin}, ${POINT}) as metres,
           (select count(*)::int from services s where ${where}) as total
    from services s
    where ${sql.join(pageConditions, sql` and `)}
    order by metres, s.id
    limit ${page.limit} offset ${page.offset}`;
}

/**
 * Whether the GiST indexes alone (location, latitude, longitude, verified; one partial index per
 * category) can tell a row matches, so the count never reads the table. A keyword or the other
 * filters need every matching row from the table anyway; there one pass that counts and sorts
 * the matches costs less than counting them and then fetching a page, and plans faster.
 */
function indexAnswersFilters(filters: SearchFilters): boolean {
  return (
    !filters.keyword &&
    filters.serviceTypes.length === 0 &&
    filters.ageMin === undefined &&
    filters.ageMax === undefined &&
    filters.minRating === undefined
  );
}

/**
 * The edge box is only the index's first cut (the distance test decides), so it is widened a
 * little: a service exactly at the edge stays inside it despite rounding in earth_box.
 */
const EDGE_BOX_MARGIN_METRES = 1;

/** How many services match, for a page past the end (where no row carries the total). */
export function countStatement(area: SearchArea, filters: SearchFilters): SQL {
  return sql`select count(*)::int as total from services s
    where ${sql.join(matchConditions(area, filters), sql` and `)}`;
}

const POINT = sql`ll_to_earth(s.latitude, s.longitude)`;

function originOf(area: SearchArea): SQL | null {
  if (area.kind === 'everywhere') return null;
  return sql`ll_to_earth(${area.latitude}::float8, ${area.longitude}::float8)`;
}

function tsQueryOf(keyword: string): SQL {
  return sql`websearch_to_tsquery('english', ${keyword})`;
}

function matchConditions(area: SearchArea, filters: SearchFilters): SQL[] {
  return [...areaConditions(area), ...filterConditions(filters)];
}

function filterConditions(filters: SearchFilters): SQL[] {
  const conditions = attributeConditions(filters);
  const keyword = filters.keyword;
  if (keyword) {
    // Stemmed full text, or a near spelling of a word in the name or text (strict word
    // similarity, default threshold 0.5): "pharmcy" finds pharmacies, "fodbank" a Food Bank.
    conditions.push(sql`(s.search @@ ${tsQueryOf(keyword)} or ${keyword} <<% s.name
      or ${keyword} <<% s.name_pairs or ${keyword} <<% s.search_document)`);
  }
  return conditions;
}

function areaConditions(area: SearchArea): SQL[] {
  const origin = originOf(area);
  const point = POINT;
  if (area.kind === 'radius' && origin) {
    // The box test uses the GiST index on ll_to_earth(latitude, longitude); the distance test
    // trims the box's corners to the circle.
    return [sql`earth_box(${origin}, ${area.radiusMetres}::float8) @> ${point}`, withinRadius(area, origin)];
  }
  if (area.kind === 'district') return [sql`s.outcode = ${area.outcode}`];
  return [sql`true`];
}

/** earthdistance's earth(): the sphere ll_to_earth and earth_distance measure on. */
const EARTH_RADIUS_METRES = 6378168;
/**
 * How far (relative) from the radius the quick test below defers to earth_distance, plus an
 * absolute floor for tiny radii. Floating-point error in either formula is about 1e-15.
 */
const QUICK_TEST_RELATIVE_BAND = 1e-6;
const QUICK_TEST_ABSOLUTE_BAND = 1e-12;

/**
 * Exactly `earth_distance(origin, point) <= radius`, but cheap for nearly every row. Counting
 * thousands of matches spent most of its time building each row's ll_to_earth cube (a domain
 * with checks) for earth_distance. Instead, the cosine of the angle between origin and point on
 * the unit sphere, cos(lat)cos(lat0)cos(lng - lng0) + sin(lat)sin(lat0), a few float operations
 * on the row's latitude and longitude, is compared with cos(radius / R): clearly inside or clearly
 * outside decides; only a row within a hair (about a centimetre at 10 miles) of the radius falls
 * back to earth_distance itself, so the answer is the same as before for every row. Only the
 * latitude and longitude are read, so an index that includes them can answer without the table.
 */
function withinRadius(area: { latitude: number; longitude: number; radiusMetres: number }, origin: SQL): SQL {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const lat0 = radians(area.latitude);
  // 1 - cos(radius / R), written as 2 sin^2(radius / 2R) to keep its precision.
  const oneMinusCos = 2 * Math.sin(area.radiusMetres / (2 * EARTH_RADIUS_METRES)) ** 2;
  const band = oneMinusCos * QUICK_TEST_RELATIVE_BAND + QUICK_TEST_ABSOLUTE_BAND;
  const cosine = sql`(cos(radians(s.latitude)) * ${Math.cos(lat0)}::float8
      * cos(radians(s.longitude) - ${radians(area.longitude)}::float8)
      + sin(radians(s.latitude)) * ${Math.sin(lat0)}::float8)`;
  return sql`case when ${cosine} > ${1 - oneMinusCos + band}::float8 then true
    when ${cosine} < ${1 - oneMinusCos - band}::float8 then false
    else earth_distance(${origin}, ${POINT}) <= ${area.radiusMetres}::float8 end`;
}

function attributeConditions(filters: SearchFilters): SQL[] {
  const conditions: SQL[] = [];
  if (!filters.includeUnverified) conditions.push(sql`s.verified`);
  if (filters.category) conditions.push(sql`s.categories @> array[${filters.category}]::text[]`);
  if (filters.serviceTypes.length > 0) {
    const types = filters.serviceTypes.map((type) => type.toLowerCase());
    conditions.push(
      sql`exists (select 1 from unnest(s.service_types) as t(type) where lower(t.type) = any(${sql.param(types)}::text[]))`,
    );
  }
  // Ranges overlap; a missing bound on the service is open-ended.
  if (filters.ageMin !== undefined) conditions.push(sql`(s.age_max is null or s.age_max >= ${filters.ageMin})`);
  if (filters.ageMax !== undefined) conditions.push(sql`(s.age_min is null or s.age_min <= ${filters.ageMax})`);
  if (filters.minRating !== undefined) conditions.push(sql`s.rating_average >= ${filters.minRating}`);
  return conditions;
}
