import { reverseGeocode } from '@locals/contracts/routes/geocode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { createGeocoder } from './geocoder';

export const NO_POSTCODE_NEARBY = "We couldn't find a UK postcode near your location.";

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = createGeocoder({
    db: app.database.db,
    log: app.log,
    postcodesApiUrl: app.config.postcodesApiUrl,
  });

  app.route({
    ...(await fromContract(reverseGeocode)),
    handler: async (request, reply) => {
      const place = await geocoder.reverse({
        latitude: request.query.lat,
        longitude: request.query.lng,
      });
      if (!place) {
        return reply.code(404).send({ code: 'postcode_not_found', message: NO_POSTCODE_NEARBY });
      }
      return place;
    },
  });
};
