import { ReverseGeocodeQuerySchema, ReverseGeocodeResponseSchema } from '@locals/contracts/search';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { createGeocoder } from './geocoder';

export const NO_POSTCODE_NEARBY = "We couldn't find a UK postcode near your location.";

export const geocodeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const geocoder = createGeocoder({
    db: app.database.db,
    log: app.log,
    postcodesApiUrl: app.config.postcodesApiUrl,
  });

  app.get(
    '/api/geocode/reverse',
    {
      schema: {
        tags: ['geocode'],
        summary: 'The nearest postcode to a point, for "use my location"',
        querystring: ReverseGeocodeQuerySchema,
        response: { 200: ReverseGeocodeResponseSchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const place = await geocoder.reverse({
        latitude: request.query.lat,
        longitude: request.query.lng,
      });
      if (!place) return reply.code(404).send({ code: 'postcode_not_found', message: NO_POSTCODE_NEARBY });
      return place;
    },
  );
  done();
};
