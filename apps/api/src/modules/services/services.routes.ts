import {
  SearchQuerySchema,
  SearchResponseSchema,
  ServiceDetailResponseSchema,
  ServiceIdParamsSchema,
  type SearchQuery,
} from '@locals/contracts/search';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { createGeocoder, postcodeNotFoundMessage } from '../geocode/geocoder';
import { METRES_PER_MILE } from './distance';
import type { SearchArea, SearchFilters } from './search-sql';
import { createServicesRepository } from './services.repository';

export const SERVICE_NOT_FOUND = 'We could not find that service. It may have been removed.';
const DEFAULT_PAGE_SIZE = 10;

export const servicesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const geocoder = createGeocoder({
    db: app.database.db,
    log: app.log,
    postcodesApiUrl: app.config.postcodesApiUrl,
  });
  const directory = createServicesRepository(app.database.db);

  app.get(
    '/api/HealthServices/search-new',
    {
      schema: {
        tags: ['services'],
        summary: 'Search services near a postcode, in its district, or everywhere by keyword',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const location = query.postcode ? await geocoder.resolve(query.postcode) : null;
      if (query.postcode && !location) {
        return reply
          .code(404)
          .send({ code: 'postcode_not_found', message: postcodeNotFoundMessage(query.postcode) });
      }
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
      const area: SearchArea = !location
        ? { kind: 'everywhere' }
        : query.distance === undefined
          ? // Spec 9: 'this-area-only' arrives as an empty distance.
            { kind: 'district', outcode: location.outcode, ...pointOf(location.coordinates) }
          : { kind: 'radius', radiusMetres: query.distance * METRES_PER_MILE, ...pointOf(location.coordinates) };
      const { results, total } = await directory.search(area, filtersOf(query), {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { results, hasMore: page * pageSize < total, totalResults: total, page, pageSize, location };
    },
  );

  app.get(
    '/api/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'One service in full, with where its record came from',
        params: ServiceIdParamsSchema,
        response: { 200: ServiceDetailResponseSchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const service = await directory.findById(request.params.id);
      if (!service) return reply.code(404).send({ code: 'not_found', message: SERVICE_NOT_FOUND });
      return { success: true as const, data: service };
    },
  );
  done();
};

function pointOf(coordinates: { lat: number; lng: number }) {
  return { latitude: coordinates.lat, longitude: coordinates.lng };
}

function filtersOf(query: SearchQuery): SearchFilters {
  return {
    keyword: query.keyword || undefined,
    category: query.category,
    serviceTypes: query.serviceTypes ?? [],
    includeUnverified: query.includeUnverified,
    ageMin: query.ageMin,
    ageMax: query.ageMax,
    minRating:
      query.reviewRating && query.reviewRating !== 'any' ? Number.parseInt(query.reviewRating, 10) : undefined,
  };
}
