import { formatPostcode, isValidPostcode, POSTCODE_MESSAGE } from '@locals/contracts/postcode';
import {
  getOrukApiInfo,
  getOrukApiInfoSlash,
  getOrukService,
  getOrukServiceAtLocation,
  getOrukTaxonomy,
  getOrukTaxonomyTerm,
  listOrukServiceAtLocations,
  listOrukServices,
  listOrukTaxonomies,
  listOrukTaxonomyTerms,
} from '@locals/contracts/routes/oruk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { refusal, refuse, RequestFieldError } from '../../capabilities/refusals';
import { postcodeNotFoundMessage } from '../../capabilities/geocoder/geocoder';
import { isUuid } from './ids';
import { fullService, serviceAtLocationItem, serviceListItem } from './oruk-objects';
import type { ServiceFilters } from './feed-filters';
import { createOrukRepository, type Near } from './oruk.repository';
import { filterForTaxonomy, filterForTerm, TAXONOMIES, TAXONOMY_TERMS } from './taxonomy';

/** The UK profile of HSDS 3.0; the national validator reads "3.0" and cannot parse "3.0.0". */
const API_INFO = {
  version: '3.0' as const,
  profile: 'https://github.com/openreferral/uk-profile',
  openapi_url: 'https://openreferraluk.org/specifications/3.0/openapi.json',
};

/**
 * Importers fetch every service by id, one request each (the DfE's, about 5,000 in a run), so
 * the feed allows more requests per address than the rest of the API's 300 a minute.
 */
const FEED_RATE_LIMIT = { rateLimit: { max: 3000, timeWindow: '1 minute' } };

/** The paging envelope, named as the profile names it (`Page` in its openapi.json). */
export function pageOf<T>(contents: T[], total: number, page: number, perPage: number) {
  // An empty result is one empty page, so "page 1 of 1" holds and first_page is last_page.
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return {
    total_items: total,
    total_pages: totalPages,
    page_number: page,
    size: contents.length,
    first_page: page === 1,
    last_page: page >= totalPages,
    empty: contents.length === 0,
    contents,
  };
}

function notFound(reply: FastifyReply, what: string, id: string) {
  return refuse(reply, 404, refusal('not_found', `There is no ${what} with id ${id}.`));
}

type FilterQuery = {
  search?: string | undefined;
  taxonomy_term_id?: string | undefined;
  taxonomy_id?: string | undefined;
  minimum_age?: number | undefined;
  maximum_age?: number | undefined;
  day?: number | undefined;
  start_time?: string | undefined;
  end_time?: string | undefined;
  modified_after?: Date | undefined;
};

function filtersOf(query: FilterQuery): ServiceFilters {
  return {
    search: query.search || undefined,
    categories: [
      ...(query.taxonomy_term_id ? [filterForTerm(query.taxonomy_term_id)] : []),
      ...(query.taxonomy_id ? [filterForTaxonomy(query.taxonomy_id)] : []),
    ],
    minimumAge: query.minimum_age,
    maximumAge: query.maximum_age,
    day: query.day,
    startTime: query.start_time,
    endTime: query.end_time,
    modifiedAfter: query.modified_after,
  };
}

export const orukRoutes: FastifyPluginAsyncZod = async (app) => {
  const feed = createOrukRepository(app.database.db);
  const geocoder = app.geocoder;

  // Open data for any site or app to read from the browser: no cookies, no key (decision 025).
  app.addHook('onSend', async (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('access-control-allow-origin', '*');
  });

  async function nearOf(postcode?: string, proximity?: number): Promise<Near | undefined> {
    if (!postcode) {
      if (proximity === undefined) return undefined;
      throw new RequestFieldError({
        code: 'validation_error',
        message: 'proximity needs a postcode to measure from',
        fieldErrors: { postcode: ['proximity needs a postcode to measure from'] },
      });
    }
    const fieldError = (message: string) =>
      new RequestFieldError({
        code: 'invalid_postcode',
        message,
        fieldErrors: { postcode: [message] },
      });
    if (!isValidPostcode(postcode)) throw fieldError(POSTCODE_MESSAGE);
    const formatted = formatPostcode(postcode);
    const place = await geocoder.resolve(formatted);
    if (!place) throw fieldError(postcodeNotFoundMessage(formatted));
    return {
      latitude: place.coordinates.lat,
      longitude: place.coordinates.lng,
      withinMetres: proximity,
    };
  }

  for (const route of [getOrukApiInfo, getOrukApiInfoSlash]) {
    app.route({ ...(await fromContract(route)), handler: () => API_INFO });
  }

  app.route({
    ...(await fromContract(listOrukServices)),
    config: FEED_RATE_LIMIT,
    handler: async (request) => {
      const { page, per_page: perPage } = request.query;
      const found = await feed.services(filtersOf(request.query), { page, perPage });
      return pageOf(found.rows.map(serviceListItem), found.total, page, perPage);
    },
  });

  app.route({
    ...(await fromContract(getOrukService)),
    config: FEED_RATE_LIMIT,
    handler: async (request, reply) => {
      const { id } = request.params;
      const row = isUuid(id) ? await feed.serviceByOrukId('service', id) : null;
      return row ? fullService(row) : notFound(reply, 'service', id);
    },
  });

  app.route({
    ...(await fromContract(listOrukServiceAtLocations)),
    config: FEED_RATE_LIMIT,
    handler: async (request) => {
      const { page, per_page: perPage, postcode, proximity } = request.query;
      const near = await nearOf(postcode, proximity);
      const found = await feed.servicesAtLocations(
        filtersOf(request.query),
        { page, perPage },
        near,
      );
      const contents = found.rows.flatMap((row) => {
        const metres = 'metres' in row && typeof row.metres === 'number' ? row.metres : undefined;
        const item = serviceAtLocationItem(row, metres);
        return item ? [item] : [];
      });
      return pageOf(contents, found.total, page, perPage);
    },
  });

  app.route({
    ...(await fromContract(getOrukServiceAtLocation)),
    config: FEED_RATE_LIMIT,
    handler: async (request, reply) => {
      const { id } = request.params;
      const row = isUuid(id) ? await feed.serviceByOrukId('service_at_location', id) : null;
      return row ? fullService(row) : notFound(reply, 'service at a location', id);
    },
  });

  app.route({
    ...(await fromContract(listOrukTaxonomies)),
    handler: (request) => {
      const { page, per_page: perPage } = request.query;
      const contents = TAXONOMIES.slice((page - 1) * perPage, page * perPage);
      return pageOf([...contents], TAXONOMIES.length, page, perPage);
    },
  });

  app.route({
    ...(await fromContract(getOrukTaxonomy)),
    handler: async (request, reply) => {
      const { id } = request.params;
      const taxonomy = TAXONOMIES.find((entry) => entry.id === id.toLowerCase());
      return taxonomy ?? notFound(reply, 'taxonomy', id);
    },
  });

  app.route({
    ...(await fromContract(listOrukTaxonomyTerms)),
    handler: (request) => {
      const { page, per_page: perPage } = request.query;
      const contents = TAXONOMY_TERMS.slice((page - 1) * perPage, page * perPage);
      return pageOf([...contents], TAXONOMY_TERMS.length, page, perPage);
    },
  });

  app.route({
    ...(await fromContract(getOrukTaxonomyTerm)),
    handler: async (request, reply) => {
      const { id } = request.params;
      const term = TAXONOMY_TERMS.find((entry) => entry.id === id.toLowerCase());
      return term ?? notFound(reply, 'taxonomy term', id);
    },
  });
};
