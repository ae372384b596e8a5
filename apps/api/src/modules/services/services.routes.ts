import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { categoryLabel } from '@locals/contracts/categories';
import { londonClock } from '@locals/contracts/opening-hours';
import * as helplineRoutes from '@locals/contracts/routes/helplines';
import { getService, searchServices } from '@locals/contracts/routes/services';
import type {
  Coverage,
  ResolvedLocation,
  SearchQuery,
  SearchRefinements,
} from '@locals/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { postcodeNotFoundMessage } from '../../capabilities/geocoder/geocoder';
import { METRES_PER_MILE } from './distance';
import { parseKeyword, termsOf, type ParsedKeyword } from './keyword';
import { correctSpellings, searchByKeyword } from './keyword-search';
import { createLineOffers } from './line-offers';
import type { LineOffer } from '../helplines';
import {
  filtersByAge,
  leavesOutUnknownHours,
  type SearchArea,
  type SearchFilters,
} from './search-sql';
import { createServicesRepository } from './services.repository';
import { refusal, refuse, type Refusal } from '../../capabilities/refusals';
import { rememberedAnswers } from '../../lib/remembered-answers';

const DEFAULT_PAGE_SIZE = 10;
export const LOCATION_REQUIRED =
  'Enter a postcode, like BS1 4DJ, or use your location, so we can find services near you.';
/** A place with no real service within this many miles (or the search radius) is not covered. */
const COVERAGE_MILES = 10;
/** How long, and for how many areas, a place found covered (or a category listed) is remembered. */
const AREA_ANSWER_TTL_MS = 60_000;
const AREA_ANSWERS = 20_000;

export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open-now and open/closed states are read against the app's clock, which tests set.
  const now = () => app.now();
  const geocoder = app.geocoder;
  const directory = createServicesRepository(app.database.db, now);
  const offerLines = createLineOffers(app.database.db);
  // Whether Locals lists services near a place, or in a category there: asked by every search,
  // changed only by imports and new listings (a place newly covered shows at once; see
  // rememberedAnswers).
  const areaAnswers = () =>
    rememberedAnswers<boolean>({
      ttlMs: AREA_ANSWER_TTL_MS,
      maxEntries: AREA_ANSWERS,
      isKept: (listed) => listed,
    });
  const coveredAreas = areaAnswers();
  const categoriesListed = areaAnswers();

  app.route({
    ...(await fromContract(searchServices)),
    handler: async (request, reply) => {
      const query = request.query;
      const parsed = query.keyword ? parseKeyword(query.keyword) : null;
      const located = await locate(query, parsed);
      if ('refusal' in located) return refuse(reply, located.status, located.refusal);
      const { location, words } = located;

      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
      const slice = { limit: pageSize, offset: (page - 1) * pageSize };
      const base = { page, pageSize, location };
      const coverage = await coverageOf(location, query.distance);
      if (!coverage.covered) {
        // Nothing is listed here yet: the lines still follow what was asked (decision 027).
        const terms = (await correctSpellings(directory, termsOf(words))).terms;
        const lines = await offerLines({
          keyword: query.keyword ?? null,
          words,
          terms,
          category: query.category ?? null,
          outcode: location.outcode,
          situation: { covered: false, categoryGap: false, total: 0, nearestMiles: null },
        });
        return {
          ...base,
          results: [],
          hasMore: false,
          totalResults: 0,
          keyword: null,
          coverage,
          categoryGap: null,
          ...linesReply(lines),
          refinements: null,
        };
      }

      const area: SearchArea =
        query.distance === undefined
          ? // 'this-area-only' arrives as an empty distance.
            { kind: 'district', outcode: location.outcode, ...pointOf(location.coordinates) }
          : {
              kind: 'radius',
              radiusMetres: query.distance * METRES_PER_MILE,
              ...pointOf(location.coordinates),
            };
      const filters = filtersOf(query, now());
      const found = parsed
        ? await searchByKeyword(
            directory,
            area,
            filters,
            query.keyword ?? '',
            termsOf(words),
            slice,
          )
        : {
            ...(await directory.search(area, filters, slice)),
            filters,
            match: null,
            category: null,
            terms: [],
          };
      const refinements =
        page === 1 ? await refinementsOf(area, found.filters, filters, query.serviceTypes) : null;

      const gapCategory = query.category ?? found.category;
      const categoryGap =
        gapCategory &&
        !(await categoriesListed(JSON.stringify([area, gapCategory]), () =>
          directory.hasRealServiceIn(area, gapCategory),
        ))
          ? {
              category: gapCategory,
              message: categoryGapMessage(gapCategory, location, query.distance),
            }
          : null;
      const lines = await offerLines({
        keyword: query.keyword ?? null,
        words,
        terms: found.terms,
        category: query.category ?? null,
        outcode: location.outcode,
        situation: {
          covered: true,
          categoryGap: categoryGap !== null,
          total: found.total,
          nearestMiles: page === 1 ? (found.results[0]?.distanceMiles ?? null) : null,
        },
      });
      return {
        ...base,
        results: found.results,
        hasMore: page * pageSize < found.total,
        totalResults: found.total,
        keyword: found.match,
        coverage,
        categoryGap,
        ...linesReply(lines),
        refinements,
      };
    },
  });

  /**
   * The refinements of page 1 (decision 045): counted over the filters the results came from, or,
   * where nothing could match, none. A type chosen that no match has stays on offer, with 0.
   */
  async function refinementsOf(
    area: SearchArea,
    searched: SearchFilters | null,
    filters: Omit<SearchFilters, 'keyword'>,
    chosenTypes: readonly string[] = [],
  ): Promise<SearchRefinements> {
    const found = searched
      ? await directory.refinements(area, searched)
      : {
          serviceTypes: [],
          agesNotStated: filtersByAge(filters) ? 0 : null,
          hoursNotKnown: leavesOutUnknownHours(filters) ? 0 : null,
        };
    const listed = new Set(found.serviceTypes.map(({ type }) => type.toLowerCase()));
    // Each type once, as first written ('GP practice,gp practice' is one choice).
    const missing = [
      ...new Map(
        chosenTypes
          .filter((type) => !listed.has(type.toLowerCase()))
          .map((type) => [type.toLowerCase(), type]),
      ).values(),
    ];
    return {
      ...found,
      serviceTypes: [...found.serviceTypes, ...missing.map((type) => ({ type, count: 0 }))],
    };
  }

  app.route({
    ...(await fromContract(helplineRoutes.listHelplines)),
    handler: async (request, reply) => {
      const { keyword, category, postcode } = request.query;
      const parsed = keyword ? parseKeyword(keyword) : null;
      const words = parsed?.words ?? [];
      const terms = (await correctSpellings(directory, termsOf(words))).terms;
      const located = postcode
        ? await geocoder.resolve(postcode)
        : parsed?.postcode
          ? await geocoder.resolve(parsed.postcode)
          : null;
      // A postcode asked for must be found; one typed in the keyword ("suicide ZZ9 9ZZ") never
      // stands between a person and the lines: unfound, the lines are offered for anywhere.
      if (postcode && !located) {
        return refuse(reply, 404, refusal('postcode_not_found', postcodeNotFoundMessage(postcode)));
      }
      const lines = await offerLines({
        keyword: keyword ?? null,
        words,
        terms,
        category: category ?? null,
        outcode: located?.outcode ?? null,
        // Asked outside a search: every line that fits, or the category's, or every line.
        situation: { covered: false, categoryGap: true, total: 0, nearestMiles: null },
      });
      return { helplines: lines.helplines, crisis: lines.crisis, notice: lines.notice };
    },
  });

  /**
   * Where to search: the postcode asked for; else a postcode in the keyword; else a local
   * authority named in it. Never everywhere (decision 011): with none, the person is asked for one.
   */
  async function locate(
    query: SearchQuery,
    parsed: ParsedKeyword | null,
  ): Promise<
    { location: ResolvedLocation; words: string[] } | { status: 400 | 404; refusal: Refusal }
  > {
    const words = parsed?.words ?? [];
    const postcode = query.postcode ?? parsed?.postcode;
    if (postcode) {
      const location = await geocoder.resolve(postcode);
      if (!location) {
        return {
          status: 404,
          refusal: refusal('postcode_not_found', postcodeNotFoundMessage(postcode)),
        };
      }
      return { location, words };
    }
    const place = words.length > 0 ? await geocoder.resolvePlace(words) : null;
    if (place) return { location: place.location, words: place.rest };
    return { status: 400, refusal: refusal('location_required', LOCATION_REQUIRED) };
  }

  async function coverageOf(
    location: ResolvedLocation,
    distance: number | undefined,
  ): Promise<Coverage> {
    const metres = Math.max(distance ?? 0, COVERAGE_MILES) * METRES_PER_MILE;
    const point = pointOf(location.coordinates);
    const covered = await coveredAreas(JSON.stringify([point, metres, location.areaName]), () =>
      directory.covers(point, metres, location.areaName),
    );
    const where = location.areaName ?? location.postcode;
    return {
      covered,
      areaName: location.areaName,
      message: covered ? null : `Locals does not cover ${where} yet.`,
    };
  }

  app.route({
    ...(await fromContract(getService)),
    handler: async (request, reply) => {
      const service = await directory.findById(request.params.id);
      if (!service) return refuse(reply, 404, refusal('not_found', SERVICE_NOT_FOUND));
      return { success: true as const, data: service };
    },
  });
};

function linesReply(lines: LineOffer) {
  return {
    crisis: lines.crisis,
    helplines: lines.helplines,
    helplinePlacement: lines.placement,
    helplineNotice: lines.notice,
  };
}

function pointOf(coordinates: { lat: number; lng: number }) {
  return { latitude: coordinates.lat, longitude: coordinates.lng };
}

function categoryGapMessage(
  category: string,
  location: ResolvedLocation,
  distance: number | undefined,
): string {
  const label = categoryLabel(category) ?? category;
  const where =
    distance === undefined
      ? `in ${location.outcode}`
      : `within ${distance} miles of ${location.postcode}`;
  return `Locals has no ${label} services ${where} yet.`;
}

function filtersOf(query: SearchQuery, at: Date): Omit<SearchFilters, 'keyword'> {
  return {
    category: query.category,
    serviceTypes: query.serviceTypes ?? [],
    includeUnverified: query.includeUnverified,
    ageMin: query.ageMin,
    ageMax: query.ageMax,
    minRating:
      query.reviewRating && query.reviewRating !== 'any'
        ? Number.parseInt(query.reviewRating, 10)
        : undefined,
    openAt: query.openNow ? londonClock(at) : undefined,
    unknownHoursToo: query.includeUnknownHours,
  };
}
