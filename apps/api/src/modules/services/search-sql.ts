import type { CategoryId } from '@locals/contracts/categories';
import { sql, type SQL } from 'drizzle-orm';
import { conceptNumber, conceptQuery, weighted } from '@locals/db/keyword-concepts';
import type { KeywordTerm } from './keyword';

/**
 * A keyword as the search runs it: its terms, whether a service must match every term ('all')
 * or any ('any', the fallback), and what the keyword names (its category and exact service
 * types rank first).
 */
export type KeywordSearch = {
  terms: readonly KeywordTerm[];
  mode: 'all' | 'any';
  category: CategoryId | null;
  serviceTypes: readonly string[];
};

/** A moment in Europe/London local time, for the open-now filter. */
export type LondonMoment = { day: number; time: string };

/** What narrows a search, beyond where it is. */
export type SearchFilters = {
  keyword?: KeywordSearch | undefined;
  category?: string | undefined;
  /** Case-insensitive; empty means any type. */
  serviceTypes: string[];
  includeUnverified: boolean;
  ageMin?: number | undefined;
  ageMax?: number | undefined;
  /** Lowest average rating, from 'N-stars'; undefined means any. */
  minRating?: number | undefined;
  /** Only services whose structured hours say they are open at this moment. */
  openAt?: LondonMoment | undefined;
  /** With openAt: services with no structured hours are kept too (they may be open). */
  unknownHoursToo?: boolean | undefined;
};

/** Whether the search asks for ages (either bound). */
export function filtersByAge(filters: Pick<SearchFilters, 'ageMin' | 'ageMax'>): boolean {
  return filters.ageMin !== undefined || filters.ageMax !== undefined;
}

/** Whether open-now leaves out the services whose hours are not known. */
export function leavesOutUnknownHours(
  filters: Pick<SearchFilters, 'openAt' | 'unknownHoursToo'>,
): boolean {
  return filters.openAt !== undefined && !filters.unknownHoursToo;
}

/** Where a search looks: a radius around a point, or one postcode district. */
export type SearchArea =
  | { kind: 'radius'; latitude: number; longitude: number; radiusMetres: number }
  | { kind: 'district'; outcode: string; latitude: number; longitude: number };

export type SearchPage = { limit: number; offset: number };

/**
 * Keyword order (decision 011): services in the category the keyword names first, then those of
 * the service types it names exactly, then by score, then nearest. The score is the relevance by
 * field (name, types and category 1.0; main services 0.6; description 0.3; keywordRelevance)
 * divided by (1 + miles / 3): a match 3 miles away counts half as much as one next door, so the
 * nearer of two equally good matches comes first, and a name match 3 miles away still beats a
 * description match next door.
 */
const HALF_SCORE_METRES = 3 * 1609.344;

/**
 * How deep the nearest-first statement serves a page. It reads every match up to the page's end
 * twice, so page 50 cost five times page 1 (issue 31); past this the one-pass statement, which
 * sorts every match once whatever the page, answers instead, in the same order.
 */
const KNN_MAX_OFFSET = 100;

/**
 * The one statement behind a search page: matching rows in order, each carrying the total.
 *
 * Radius searches whose filters the indexes answer take the KNN statement below. The rest (a
 * keyword, other filters, a district) must read every match from the table anyway, so one pass
 * counts and sorts them, in three nested steps (decision 017):
 * 1. `matched`: each match's id and only what its order needs (distance parts, intent, field
 *    class), each computed once: `offset 0` keeps the planner from pulling the subquery up and
 *    copying the expressions into every place they are used.
 * 2. `ranked`: the distance, the total (a window count over narrow rows, not whole services), the
 *    order, and the page.
 * 3. The page's own columns, by primary key: ten rows read in full, not every match.
 *
 * A keyword in a category within a radius reads step 1 from `service_search` (decision 019).
 */
export function searchStatement(area: SearchArea, filters: SearchFilters, page: SearchPage): SQL {
  if (area.kind === 'radius' && indexAnswersFilters(filters) && page.offset < KNN_MAX_OFFSET)
    return radiusStatement(area, filters, page);
  const keyword = filters.keyword;
  const source = searchTableAnswers(area, filters) ? SEARCH_TABLE : SERVICES;
  const keys = keyword ? intentKeys(keyword, filters, source) : [];
  const keyNames = keys.map((_key, index) => `k${index}`);
  const matchedColumns = [
    sql`s.id`,
    ...chordParts(area),
    ...keys.map((key, index) => sql`${key} as ${sql.raw(keyNames[index]!)}`),
    ...(keyword ? [sql`${keywordRelevance(keyword, source)}::float8 as relevance`] : []),
  ];
  const order = (from: string) => {
    const column = (name: string) => sql.raw(`${from}.${name}`);
    const parts = keyNames.map((name) => sql`${column(name)} desc`);
    if (keyword)
      parts.push(
        sql`${column('relevance')} / (1 + ${column('metres')} / ${HALF_SCORE_METRES}::float8) desc`,
      );
    parts.push(keyword ? sql`${column('metres')}` : sql`${column('metres')} nulls last`);
    parts.push(sql`${column('id')}`);
    return sql.join(parts, sql`, `);
  };
  const rankedColumns = [
    sql`m.id`,
    sql`${metresFromChord(sql`m`)} as metres`,
    ...keyNames.map((name) => sql.raw(`m.${name}`)),
    ...(keyword ? [sql`m.relevance`] : []),
  ];

  return sql`
    select ${SUMMARY_COLUMNS}, r.metres, r.total
    from (
      select q.*, (count(*) over ())::int as total
      from (
        select ${sql.join(rankedColumns, sql`, `)}
        from (
          select ${sql.join(matchedColumns, sql`, `)}
          from ${matchedFrom(area, filters, source)}
          offset 0
        ) as m
        offset 0
      ) as q
      order by ${order('q')}
      limit ${page.limit} offset ${page.offset}
    ) as r
    join services s on s.id = r.id
    order by ${order('r')}`;
}

/**
 * earthdistance's earth_distance(origin, point) without building each row's cube: ll_to_earth
 * makes a cube and checks the earth domain's constraints, which cost more than the arithmetic.
 * These are the same operations in the same order (cube_distance sums d * d over x, y, z;
 * sec_to_gc turns the chord into the great-circle distance), so the result is the same float,
 * bit for bit, as earth_distance's (the services tests compare the two).
 */
function chordParts(area: SearchArea): SQL[] {
  const R = sql`${EARTH_RADIUS_METRES}::float8`;
  const lat0 = sql`radians(${area.latitude}::float8)`;
  const lng0 = sql`radians(${area.longitude}::float8)`;
  const lat = sql`radians(s.latitude)`;
  const lng = sql`radians(s.longitude)`;
  return [
    sql`${R} * cos(${lat0}) * cos(${lng0}) - ${R} * cos(${lat}) * cos(${lng}) as dx`,
    sql`${R} * cos(${lat0}) * sin(${lng0}) - ${R} * cos(${lat}) * sin(${lng}) as dy`,
    sql`${R} * sin(${lat0}) - ${R} * sin(${lat}) as dz`,
  ];
}

/** sec_to_gc(cube_distance(...)), from the parts chordParts made. */
function metresFromChord(from: SQL): SQL {
  const R = sql`${EARTH_RADIUS_METRES}::float8`;
  const chord = sql`sqrt(${from}.dx * ${from}.dx + ${from}.dy * ${from}.dy + ${from}.dz * ${from}.dz)`;
  return sql`case when ${chord} / (2 * ${R}) > 1 then pi() * ${R}
    else 2 * ${R} * asin(${chord} / (2 * ${R})) end`;
}

/**
 * What the keyword names, as sort keys (true first): the category it names, then the service
 * types it names exactly (compared case-insensitively, on the array's text in lower case).
 */
function intentKeys(keyword: KeywordSearch, filters: SearchFilters, source: MatchSource): SQL[] {
  const keys: SQL[] = [];
  // Searching in the category the keyword names, every match is in it: no key to sort by.
  if (keyword.category && keyword.category !== filters.category)
    keys.push(sql`s.categories @> array[${keyword.category}]::text[]`);
  if (keyword.serviceTypes.length > 0) {
    const types = keyword.serviceTypes.map((type) => type.toLowerCase());
    keys.push(sql`${source.serviceTypesLower} && ${sql.param(types)}::text[]`);
  }
  return keys;
}

/**
 * Where a search's matches are read from: `services`, or `service_search` (migration 0013,
 * decision 019), a narrow copy of the columns the keyword's match and order need, one partition
 * per category, so that a category's services in one area lie on a few pages. Its
 * `service_types_lower` holds `lower(service_types::text)::text[]`, written with the row.
 */
type MatchSource = { category: (category: string) => SQL; serviceTypesLower: SQL };

const SERVICES: MatchSource = {
  category: (category) => sql`s.categories @> array[${category}]::text[]`,
  serviceTypesLower: sql`lower(s.service_types::text)::text[]`,
};

const SEARCH_TABLE: MatchSource = {
  category: (category) => sql`s.category = ${category}`,
  serviceTypesLower: sql`s.service_types_lower`,
};

/**
 * The rows step 1 reads, and the tests they pass. In `service_search`, the area and attributes
 * decide before the keyword: a row outside the circle (a fifth of the box) then costs a few float
 * operations, not a search of its vector. The planner orders one scan's tests by their estimated
 * costs, which put the keyword first; `offset 0` keeps the keyword outside the scan.
 */
function matchedFrom(area: SearchArea, filters: SearchFilters, source: MatchSource): SQL {
  if (source === SERVICES)
    return sql`services s where ${sql.join(matchConditions(area, filters), sql` and `)}`;
  const inArea = [...areaConditions(area), ...attributeConditions(filters, source)];
  return sql`(select * from service_search s where ${sql.join(inArea, sql` and `)} offset 0) as s
    where ${filters.keyword ? keywordCondition(filters.keyword, source) : sql`true`}`;
}

/**
 * Whether `service_search` holds every column the search tests: a keyword in one category
 * within a radius, verified or not, and no other filter.
 */
function searchTableAnswers(area: SearchArea, filters: SearchFilters): boolean {
  return (
    area.kind === 'radius' &&
    filters.keyword !== undefined &&
    Boolean(filters.category) &&
    filters.serviceTypes.length === 0 &&
    !filtersByAge(filters) &&
    filters.minRating === undefined &&
    !filters.openAt
  );
}

/**
 * Whether a service matches one term: a plain word by stemmed full text ('pharmacies' finds
 * 'Pharmacy'); a thesaurus concept by any of its phrases or service types, word for word
 * (`search_exact`), or, in `service_search`, by the concepts stored with the row.
 */
export function termCondition(term: KeywordTerm, source: MatchSource = SERVICES): SQL {
  if (term.kind === 'word') return sql`s.search @@ ${wordQuery(term.text)}`;
  return source === SEARCH_TABLE
    ? sql`s.concepts && ${storedConcept(term, [1, 2, 3])}`
    : sql`s.search_exact @@ ${conceptQuery(term.concept)}`;
}

function wordQuery(word: string): SQL {
  return sql`plainto_tsquery('english', ${word})`;
}

/**
 * A concept's stored values (number * 4 + class, keyword-concepts.ts) for the given classes, as
 * a constant array: the numbers come from the thesaurus, never from what was typed.
 */
function storedConcept(
  term: Extract<KeywordTerm, { kind: 'concept' }>,
  classes: readonly (1 | 2 | 3)[],
): SQL {
  const number = conceptNumber(term.concept.id);
  return sql.raw(
    `'{${classes.map((fieldClass) => number * 4 + fieldClass).join(',')}}'::smallint[]`,
  );
}

/** Every term ('all') or any term ('any'). */
function keywordCondition(
  keyword: Pick<KeywordSearch, 'terms' | 'mode'>,
  source: MatchSource,
): SQL {
  if (keyword.terms.length === 0) return sql`false`;
  const conditions = keyword.terms.map((term) => termCondition(term, source));
  return sql`(${sql.join(conditions, keyword.mode === 'all' ? sql` and ` : sql` or `)})`;
}

/**
 * How good a match is, by the field it needs: 1 when the name, service types or category match,
 * 0.6 when the main services are needed too, 0.3 when the description is (decision 011). Fields,
 * not word counts: a pharmacy with 'Pharmacy' in its name is no better a pharmacy than Boots.
 * With every term ('all') the weakest part decides; with any term, the best. (The class of
 * queries joined by && is the least of their classes, and by || the greatest, so the concepts
 * stored one by one in `service_search` give the same figure as their joined query.)
 */
function keywordRelevance(
  keyword: Pick<KeywordSearch, 'terms' | 'mode'>,
  source: MatchSource,
): SQL {
  const join = keyword.mode === 'all' ? sql` && ` : sql` || `;
  const words = keyword.terms.flatMap((term) =>
    term.kind === 'word' ? [wordQuery(term.text)] : [],
  );
  const concepts = keyword.terms.flatMap((term) => (term.kind === 'concept' ? [term] : []));
  const parts: SQL[] = [];
  if (words.length > 0) parts.push(fieldClass(sql`s.search`, sql`(${sql.join(words, join)})`));
  if (concepts.length > 0 && source === SEARCH_TABLE) parts.push(...concepts.map(storedClass));
  else if (concepts.length > 0) {
    const queries = concepts.map((term) => conceptQuery(term.concept));
    parts.push(fieldClass(sql`s.search_exact`, sql`(${sql.join(queries, join)})`));
  }
  if (parts.length === 1) return parts[0]!;
  return keyword.mode === 'all'
    ? sql`least(${sql.join(parts, sql`, `)})`
    : sql`greatest(${sql.join(parts, sql`, `)})`;
}

/** fieldClass of one concept, from the class stored with the row. */
function storedClass(term: Extract<KeywordTerm, { kind: 'concept' }>): SQL {
  return sql`(case when s.concepts @> ${storedConcept(term, [3])} then 1.0
    when s.concepts @> ${storedConcept(term, [2])} then 0.6
    when s.concepts @> ${storedConcept(term, [1])} then 0.3 else 0 end)`;
}

/**
 * The field class without copying the vector: a query whose every lexeme carries weight A (or A
 * or B) matches exactly where ts_filter(vector, '{a}') (or '{a,b}') would, phrases included.
 * The weighted queries are built from the query's text once, when the statement is planned
 * (regexp_replace and the tsquery cast are immutable, and the query is a constant).
 */
export function fieldClass(vector: SQL, query: SQL): SQL {
  return sql`(case when ${vector} @@ ${weighted(query, 'A')} then 1.0
    when ${vector} @@ ${weighted(query, 'AB')} then 0.6
    when ${vector} @@ (${query}) then 0.3 else 0 end)`;
}

const SUMMARY_COLUMNS = sql`s.id, s.name, s.description, s.address, s.postcode, s.phones, s.rating_average,
           s.review_count, s.recommendations, s.categories, s.service_types, s.facilities,
           s.verified, s.opening_hours, s.weekly_hours, s.latitude, s.longitude, s.source,
           s.source_name, s.source_updated, s.review_date`;

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
 *    category's partial covering GiST index (migration 0005), less the duplicates (radiusCount).
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
           ${radiusCount(area, filters)} as total
    from services s
    where ${sql.join(pageConditions, sql` and `)}
    order by metres, s.id
    limit ${page.limit} offset ${page.offset}`;
}

/**
 * The matches a radius page counts: every one, less the duplicates among them (decision 028).
 * Both counts are index-only scans: the first of the location index (a category's partial one
 * with a category), the second of `services_earth_duplicates_idx`, which holds only the few
 * duplicates. Testing `duplicate_of` in the first count would read each match from the table.
 */
function radiusCount(area: Extract<SearchArea, { kind: 'radius' }>, filters: SearchFilters): SQL {
  const every = sql.join(
    [...areaConditions(area), ...attributeConditions(filters, SERVICES)],
    sql` and `,
  );
  return sql`(select count(*)::int from services s where ${every})
    - (select count(*)::int from services s where ${every} and s.duplicate_of is not null)`;
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
    !filters.openAt &&
    filters.serviceTypes.length === 0 &&
    !filtersByAge(filters) &&
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

/** Not a duplicate of another record (migration 0021). */
const SHOWN = sql`s.duplicate_of is null`;

function originOf(area: SearchArea): SQL {
  return sql`ll_to_earth(${area.latitude}::float8, ${area.longitude}::float8)`;
}

export function matchConditions(area: SearchArea, filters: SearchFilters): SQL[] {
  return [...areaConditions(area), ...filterConditions(filters)];
}

function filterConditions(filters: SearchFilters): SQL[] {
  // One place once (decision 028): a record of the same kind, name and postcode as one shown
  // stands aside. service_search holds no rows for these records at all.
  const conditions = [...attributeConditions(filters, SERVICES), SHOWN];
  // Stemmed full text over what the service is (migration 0010): never its address. Spelling
  // is corrected before the search runs (services.repository.ts), not tested on every row.
  if (filters.keyword) conditions.push(keywordCondition(filters.keyword, SERVICES));
  return conditions;
}

export function areaConditions(area: SearchArea): SQL[] {
  const origin = originOf(area);
  if (area.kind === 'radius') {
    // The box test uses the GiST index on ll_to_earth(latitude, longitude); the distance test
    // trims the box's corners to the circle.
    return [
      sql`earth_box(${origin}, ${area.radiusMetres}::float8) @> ${POINT}`,
      withinRadius(area, origin),
    ];
  }
  return [sql`s.outcode = ${area.outcode}`];
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
function withinRadius(
  area: { latitude: number; longitude: number; radiusMetres: number },
  origin: SQL,
): SQL {
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

function attributeConditions(filters: SearchFilters, source: MatchSource): SQL[] {
  const conditions: SQL[] = [];
  if (!filters.includeUnverified) conditions.push(sql`s.verified`);
  if (filters.category) conditions.push(source.category(filters.category));
  if (filters.serviceTypes.length > 0) {
    const types = filters.serviceTypes.map((type) => type.toLowerCase());
    conditions.push(
      sql`exists (select 1 from unnest(s.service_types) as t(type) where lower(t.type) = any(${sql.param(types)}::text[]))`,
    );
  }
  // Ranges overlap; a missing bound on the service is open-ended.
  if (filters.ageMin !== undefined)
    conditions.push(sql`(s.age_max is null or s.age_max >= ${filters.ageMin})`);
  if (filters.ageMax !== undefined)
    conditions.push(sql`(s.age_min is null or s.age_min <= ${filters.ageMax})`);
  if (filters.minRating !== undefined)
    conditions.push(sql`s.rating_average >= ${filters.minRating}`);
  if (filters.openAt)
    conditions.push(
      filters.unknownHoursToo
        ? sql`(${HOURS_NOT_KNOWN} or ${openAtCondition(filters.openAt)})`
        : openAtCondition(filters.openAt),
    );
  return conditions;
}

/** No structured hours: whether the service is open is not known (openStateAt's 'unknown'). */
export const HOURS_NOT_KNOWN = sql`coalesce(jsonb_array_length(s.weekly_hours -> 'sessions'), 0) = 0`;

/** States no ages: an age filter keeps it, as it may serve them. */
export const AGES_NOT_STATED = sql`(s.age_min is null and s.age_max is null)`;

/**
 * Open at a London moment, by the structured hours (opening-hours-contract.ts): a session of
 * today that has opened and not yet closed, or one of yesterday's that runs past midnight and has
 * not yet closed. Times are zero-padded "HH:MM", so they compare as text.
 */
function openAtCondition(moment: LondonMoment): SQL {
  const yesterday = moment.day === 1 ? 7 : moment.day - 1;
  return sql`exists (select 1 from jsonb_array_elements(coalesce(s.weekly_hours -> 'sessions', '[]'::jsonb)) as o(session)
    where ((o.session ->> 'day')::int = ${moment.day} and o.session ->> 'opens' <= ${moment.time}
           and (o.session ->> 'closes' > ${moment.time} or o.session ->> 'closes' <= o.session ->> 'opens'))
       or ((o.session ->> 'day')::int = ${yesterday} and o.session ->> 'closes' <= o.session ->> 'opens'
           and o.session ->> 'closes' > ${moment.time}))`;
}
