import type { CategoryId } from '@locals/contracts/categories';
import { CategoryIdSchema } from '@locals/contracts/category-schema';
import { safeHttpUrl } from '@locals/contracts/safe-url';
import type { WeeklyHours } from '@locals/contracts/opening-hours-contract';
import { formatOpeningHours, openStateAt } from '@locals/contracts/opening-hours';
import type {
  PhoneLink,
  SearchRefinements,
  ServiceDetail,
  ServiceSummary,
} from '@locals/contracts/search';
import { queryRows, type Db } from '@locals/db/client';
import { OPEN_DATA_SOURCES } from '@locals/db/open-data/service-records';
import { services } from '@locals/db/schema';
import { ukPhoneUri } from '@locals/db/uk-phone';
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { describeMiles, METRES_PER_MILE } from './distance';
import type { KeywordTerm } from './keyword';
import { londonDay } from '../../capabilities/london-time';
import { isStale } from '../listings';
import {
  AGES_NOT_STATED,
  areaConditions,
  HOURS_NOT_KNOWN,
  countStatement,
  filtersByAge,
  leavesOutUnknownHours,
  matchConditions,
  searchStatement,
  termCondition,
  type SearchArea,
  type SearchFilters,
  type SearchPage,
} from './search-sql';

type SummaryRow = {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  postcode: string | null;
  phones: string[];
  rating_average: number | null;
  review_count: number;
  recommendations: number;
  categories: string[];
  service_types: string[];
  facilities: string[];
  verified: boolean;
  opening_hours: string | null;
  weekly_hours: WeeklyHours | null;
  latitude: number | null;
  longitude: number | null;
  source: string;
  source_name: string | null;
  source_updated: string | null;
  review_date: string | null;
  metres: number | null;
  total: number;
};

type ServiceRow = typeof services.$inferSelect;

export type SearchResultPage = { results: ServiceSummary[]; total: number };

/**
 * What the database knows of a keyword word: whether it means anything, whether it matches
 * anything, and if not, the nearest spelling that does (a thesaurus phrase, or a word services
 * use), if any is close.
 */
export type WordCheck = {
  word: string;
  meaningful: boolean;
  matchesSomething: boolean;
  suggestion: { word: string; phrase: string | null } | null;
};

/** A real service is any service but a demo listing (decision 003). */
const REAL = sql`s.source <> 'demo'`;

/**
 * The least trigram similarity for a spelling suggestion: 'pharmasy' for 'pharmacy' is 0.5,
 * 'fodbank' for 'foodbank' 0.7; 'foot' for 'food' (0.43) is another word, not a typo.
 */
const SPELLING_SIMILARITY = 0.5;

export function createServicesRepository(db: Db, now: () => Date = () => new Date()) {
  const summaryFromRow = (row: SummaryRow) => summaryOf(row, now());
  const detailFromRow = (row: ServiceRow, alsoFrom: AlsoFrom[]) => detailOf(row, alsoFrom, now());
  return {
    async search(
      area: SearchArea,
      filters: SearchFilters,
      page: SearchPage,
    ): Promise<SearchResultPage> {
      const rows = await queryRows<SummaryRow>(db, searchStatement(area, filters, page));
      const first = rows[0];
      if (first) return { results: rows.map(summaryFromRow), total: first.total };
      if (page.offset === 0) return { results: [], total: 0 };
      const [counted] = await queryRows<{ total: number }>(db, countStatement(area, filters));
      return { results: [], total: counted?.total ?? 0 };
    },

    /**
     * What the filters can do with every match, not only a page (decision 045), in one statement
     * of counts beside the search's: the service types among the matches with the types chosen
     * left out (most first), and, with those filters on, how many matches state no ages and how
     * many services open-now leaves out for having no hours. The chosen types are added back by
     * the caller.
     */
    async refinements(area: SearchArea, filters: SearchFilters): Promise<SearchRefinements> {
      const where = (of: SearchFilters) => sql.join(matchConditions(area, of), sql` and `);
      const countWhere = (of: SearchFilters, condition: SQL) =>
        sql`(select count(*)::int from services s where ${where(of)} and ${condition})`;
      const [row] = await queryRows<{
        types: SearchRefinements['serviceTypes'];
        ages: number | null;
        hours: number | null;
      }>(
        db,
        sql`select
          (select coalesce(json_agg(json_build_object('type', f.type, 'count', f.count)
                                    order by f.count desc, f.type), '[]'::json)
           from (select min(t.type) as type, count(distinct s.id)::int as count
                 from services s cross join lateral unnest(s.service_types) as t(type)
                 where ${where({ ...filters, serviceTypes: [] })}
                 group by lower(t.type)) as f) as types,
          ${filtersByAge(filters) ? countWhere(filters, AGES_NOT_STATED) : sql`null::int`} as ages,
          ${leavesOutUnknownHours(filters) ? countWhere({ ...filters, openAt: undefined }, HOURS_NOT_KNOWN) : sql`null::int`} as hours`,
      );
      return {
        serviceTypes: row?.types ?? [],
        agesNotStated: row?.ages ?? null,
        hoursNotKnown: row?.hours ?? null,
      };
    },

    /**
     * For each word: does full text know it (not a stop word), does any service match it, and,
     * when none does, its nearest spelling among the thesaurus phrases (given as spelling ->
     * phrase), else among the words services use, by trigram similarity (null when nothing is
     * close). Phrases people search for come first: 'pharmasy' is 'pharmacy', not 'Pharma' in a
     * name. One statement (decision 017):
     * - a word whose lexeme is in `search_lexemes` matches something: one primary-key lookup,
     *   where asking the services meant a GIN bitmap of every service with the word;
     * - any other word is asked of the services (a GIN lookup that finds nothing, so is quick);
     *   a word of several lexemes too, as they must be in one service;
     * - only a word nothing matches is looked up in `search_words`' trigram index.
     */
    async checkWords(
      words: readonly string[],
      thesaurus: readonly { spelling: string; phrase: string }[],
    ): Promise<WordCheck[]> {
      if (words.length === 0) return [];
      const spellings = sql.param(thesaurus.map((t) => t.spelling));
      const phrases = sql.param(thesaurus.map((t) => t.phrase));
      // One part per word, the word a parameter in each: planned as a constant, so the GIN and
      // trigram indexes apply (a word from unnest() would be known only while running, and the
      // planner then scans services and search_words row by row).
      const parts = words.map(
        (word, index) => sql`
          select ${index}::int as n, ${word}::text as word, k.nodes, k.known, sug.candidate, sug.phrase
          from (
            select numnode(plainto_tsquery('english', ${word}::text)) as nodes,
                   case when numnode(plainto_tsquery('english', ${word}::text)) = 1 and exists (
                          select 1 from search_lexemes v
                          where v.lexeme = any(tsvector_to_array(to_tsvector('english', ${word}::text))))
                        then true
                        else exists (select 1 from services s where s.search @@ plainto_tsquery('english', ${word}::text))
                          -- A word people use for a national line's need ('debt', 'suicide') is
                          -- known too, and never 'corrected' to a service's word (decision 027).
                          or exists (select 1 from helplines h
                                     where to_tsvector('english', array_to_string(h.need_words, ' '))
                                           @@ plainto_tsquery('english', ${word}::text))
                   end as known
            offset 0
          ) as k
          left join lateral (
            select candidate, phrase from (
              select sw.word as candidate, null::text as phrase, similarity(sw.word, ${word}::text) as score
              from search_words sw where sw.word % ${word}::text
              union all
              select t.spelling, t.phrase, similarity(t.spelling, ${word}::text)
              from unnest(${spellings}::text[], ${phrases}::text[]) as t(spelling, phrase)
              union all
              select need.word, null::text, similarity(need.word, ${word}::text)
              from (select distinct n.word from helplines,
                      unnest(regexp_split_to_array(lower(array_to_string(need_words, ' ')), '[^[:alnum:]]+')) as n(word)
                    where length(n.word) > 3) as need
            ) as candidates
            where not k.known and k.nodes > 0 and score >= ${SPELLING_SIMILARITY}
            order by phrase is not null desc, score desc, candidate
            limit 1
          ) as sug on true`,
      );
      const rows = await queryRows<{
        word: string;
        nodes: number;
        known: boolean;
        candidate: string | null;
        phrase: string | null;
      }>(db, sql`select * from (${sql.join(parts, sql` union all `)}) as checks order by n`);
      return rows.map((row) => ({
        word: row.word,
        meaningful: row.nodes > 0,
        matchesSomething: row.known,
        suggestion: row.candidate === null ? null : { word: row.candidate, phrase: row.phrase },
      }));
    },

    /** Which of the terms some service in the area (with the other filters) matches. */
    async termsWithMatches(
      area: SearchArea,
      filters: SearchFilters,
      terms: readonly KeywordTerm[],
    ): Promise<boolean[]> {
      if (terms.length === 0) return [];
      const where = sql.join(matchConditions(area, { ...filters, keyword: undefined }), sql` and `);
      const checks = terms.map(
        (term, index) =>
          sql`exists (select 1 from services s where ${where} and ${termCondition(term)}) as t${sql.raw(String(index))}`,
      );
      const [row] = await queryRows<Record<string, boolean>>(
        db,
        sql`select ${sql.join(checks, sql`, `)}`,
      );
      return terms.map((_term, index) => row?.[`t${index}`] === true);
    },

    /** Whether any real (not demo) service of the category is in the area, verified or not. */
    async hasRealServiceIn(area: SearchArea, category: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from services s
            where ${sql.join(areaConditions(area), sql` and `)} and s.categories @> array[${category}]::text[] and ${REAL}
            limit 1`,
      );
      return rows.length > 0;
    },

    /**
     * Whether Locals lists real services for a place: any within `metres` of it, or any in its
     * local authority (a postcode at the edge of a covered borough is covered).
     */
    async covers(
      point: { latitude: number; longitude: number },
      metres: number,
      areaName: string | null,
    ): Promise<boolean> {
      const origin = sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
      const rows = await queryRows(
        db,
        sql`select 1 where exists (
              select 1 from services s
              where earth_box(${origin}, ${metres}::float8) @> ll_to_earth(s.latitude, s.longitude)
                and earth_distance(${origin}, ll_to_earth(s.latitude, s.longitude)) <= ${metres}::float8 and ${REAL})
            or exists (select 1 from services s where s.lad_name = ${areaName} and ${REAL})`,
      );
      return rows.length > 0;
    },

    /**
     * The record itself, also when the search shows another record of its place instead (a
     * bookmark may point at either; decision 028); its provenance names the place's other
     * records.
     */
    async findById(id: string): Promise<ServiceDetail | null> {
      const [row] = await db.select().from(services).where(eq(services.id, id));
      if (!row) return null;
      const others = await placeMatesOf(db, [row]);
      return detailFromRow(row, others.get(row.id) ?? []);
    },

    /** Full details (distance null) in the order of `ids`; unknown ids are left out. */
    async findDetailsByIds(ids: readonly string[]): Promise<ServiceDetail[]> {
      const rows = await rowsInOrder(db, ids);
      const others = await placeMatesOf(db, rows);
      return rows.map((row) => detailFromRow(row, others.get(row.id) ?? []));
    },

    /** As result cards show them (distance null), in the order of `ids`; unknown ids left out. */
    async findSummariesByIds(ids: readonly string[]): Promise<ServiceSummary[]> {
      return (await rowsInOrder(db, ids)).map((row) => summaryFromRow(summaryRowOf(row)));
    },
  };
}

async function rowsInOrder(db: Db, ids: readonly string[]): Promise<ServiceRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(services)
    .where(inArray(services.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type AlsoFrom = NonNullable<ServiceDetail['provenance']['alsoFrom']>[number];

/**
 * For each row, the other records of its place (decision 028): the record shown (the row's
 * `duplicate_of`, or the row itself) and every record pointing at it, the shown one first, then
 * by id. Two index lookups (primary key, services_duplicate_of_idx); most places have one record.
 */
async function placeMatesOf(db: Db, rows: readonly ServiceRow[]): Promise<Map<string, AlsoFrom[]>> {
  const placeOf = (row: { id: string; duplicateOf: string | null }) => row.duplicateOf ?? row.id;
  const places = [...new Set(rows.map(placeOf))];
  if (places.length === 0) return new Map();
  const members = await db
    .select({
      id: services.id,
      duplicateOf: services.duplicateOf,
      source: services.source,
      sourceName: services.sourceName,
      sourceRecordId: services.sourceRecordId,
      licence: services.licence,
      lastUpdated: services.sourceUpdated,
    })
    .from(services)
    .where(or(inArray(services.id, places), inArray(services.duplicateOf, places)))
    .orderBy(sql`${services.duplicateOf} is not null`, services.id);
  return new Map(
    rows.map((row) => [
      row.id,
      members
        .filter((member) => member.id !== row.id && placeOf(member) === placeOf(row))
        .map(({ source, sourceName, sourceRecordId, licence, lastUpdated }) => ({
          source,
          sourceName,
          sourceRecordId,
          licence,
          lastUpdated,
        })),
    ]),
  );
}

/** A stored service as the search statement reads it, without a distance. */
function summaryRowOf(row: ServiceRow): SummaryRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phones: row.phones,
    rating_average: row.ratingAverage,
    review_count: row.reviewCount,
    recommendations: row.recommendations,
    categories: row.categories,
    service_types: row.serviceTypes,
    facilities: row.facilities,
    verified: row.verified,
    opening_hours: row.openingHours,
    weekly_hours: row.weeklyHours,
    latitude: row.latitude,
    longitude: row.longitude,
    source: row.source,
    source_name: row.sourceName,
    source_updated: row.sourceUpdated,
    review_date: row.reviewDate,
    metres: null,
    total: 0,
  };
}

/**
 * Hours as people read them, and whether the service is open at `now`: only from structured
 * hours, and never for a demo listing (no "Open" without hours that say so).
 */
function hoursOf(
  weeklyHours: WeeklyHours | null,
  openingHours: string | null,
  source: string,
  now: Date,
) {
  const isDemo = source === 'demo';
  return {
    openingHours: weeklyHours ? formatOpeningHours(weeklyHours) : openingHours,
    weeklyHours,
    openState: isDemo ? ('unknown' as const) : openStateAt(weeklyHours, now),
  };
}

/** "Last checked" (decision 024) and whether it is 12 months ago or more, in London. */
/** The open-data sources in the words a card can show ("From the NHS register, December 2023"). */
const SOURCES_IN_WORDS: Record<string, string> = {
  'nhs-ods': 'the NHS register',
  'nhs-website': 'the NHS website',
  'libraries-hacked': 'the public library list',
  givefood: 'Give Food',
};

/**
 * "Verified" only when a person confirmed the record (its provider, or a moderator approving it),
 * on the date `lastChecked` shows; a record only a source vouches for names the source instead.
 * Never both, and a demo listing neither (decision 032).
 */
function trustOf(
  source: string,
  sourceName: string | null,
  sourceUpdated: string | null,
  reviewDate: string | null,
): Pick<ServiceSummary, 'verified' | 'listedBy'> {
  if (source === 'demo') return { verified: false, listedBy: null };
  if (reviewDate !== null) return { verified: true, listedBy: null };
  const words = SOURCES_IN_WORDS[source] ?? sourceName ?? 'another directory';
  return { verified: false, listedBy: { source: words, asOf: sourceUpdated } };
}

function listingCheckOf(reviewDate: string | null, now: Date) {
  return { lastChecked: reviewDate, stale: isStale(reviewDate, londonDay(now)) };
}

/** Storage is not the wire: snake_case rows become the contract's summary. */
function summaryOf(row: SummaryRow, now: Date): ServiceSummary {
  const miles = row.metres === null ? null : row.metres / METRES_PER_MILE;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phone: phoneText(row.phones),
    phones: row.phones,
    phoneLinks: row.phones.map(phoneLink),
    rating: row.rating_average,
    reviewCount: row.review_count,
    recommendations: row.recommendations,
    categories: knownCategories(row.categories),
    serviceTypes: row.service_types,
    facilities: row.facilities,
    ...trustOf(row.source, row.source_name, row.source_updated, row.review_date),
    ...hoursOf(row.weekly_hours, row.opening_hours, row.source, now),
    distance: miles === null ? null : describeMiles(miles),
    distanceMiles: miles === null ? null : Math.round(miles * 1000) / 1000,
    coordinates: coordinatesOf(row.latitude, row.longitude),
    isDemo: row.source === 'demo',
    ...listingCheckOf(row.review_date, now),
  };
}

function detailOf(row: ServiceRow, alsoFrom: AlsoFrom[], now: Date): ServiceDetail {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phone: phoneText(row.phones),
    phones: row.phones,
    phoneLinks: row.phones.map(phoneLink),
    rating: row.ratingAverage,
    reviewCount: row.reviewCount,
    recommendations: row.recommendations,
    categories: knownCategories(row.categories),
    serviceTypes: row.serviceTypes,
    facilities: row.facilities,
    ...trustOf(row.source, row.sourceName, row.sourceUpdated, row.reviewDate),
    ...hoursOf(row.weeklyHours, row.openingHours, row.source, now),
    distance: null,
    distanceMiles: null,
    coordinates: coordinatesOf(row.latitude, row.longitude),
    isDemo: row.source === 'demo',
    ...listingCheckOf(row.reviewDate, now),
    provider: row.provider,
    reviewDate: row.reviewDate,
    fullDescription: row.fullDescription,
    mainServices: row.mainServices,
    otherServices: row.otherServices,
    serving: row.serving,
    status: row.status,
    statusDetails: row.statusDetails,
    // Checked again on the way out: a row written before the importers checked links may hold one.
    website: safeHttpUrl(row.website),
    email: row.email,
    contactSources: row.contactSources,
    images: row.images,
    ageRange:
      row.ageMin === null && row.ageMax === null
        ? null
        : {
            min: row.ageMin,
            max: row.ageMax,
            basis: OPEN_DATA_SOURCES.has(row.source) ? 'name' : 'record',
          },
    verificationStatus: row.verificationStatus,
    accessibility: row.accessibility,
    languages: row.languages,
    areaName: row.ladName,
    provenance: {
      source: row.source,
      sourceName: row.sourceName,
      licence: row.licence,
      lastUpdated: row.sourceUpdated,
      alsoFrom,
    },
  };
}

/** `phone` may be a comma-separated list. */
function phoneText(phones: string[]): string | null {
  return phones.length > 0 ? phones.join(', ') : null;
}

function phoneLink(phone: string): PhoneLink {
  return { number: phone, href: ukPhoneUri(phone) };
}

function coordinatesOf(latitude: number | null, longitude: number | null) {
  return latitude === null || longitude === null ? null : { lat: latitude, lng: longitude };
}

/** Only the 12 fixed categories go on the wire, whatever an import stored. */
function knownCategories(categories: string[]): CategoryId[] {
  return categories.flatMap((category) => {
    const known = CategoryIdSchema.safeParse(category);
    return known.success ? [known.data] : [];
  });
}
