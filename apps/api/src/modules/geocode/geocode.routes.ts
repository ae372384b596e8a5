import { reverseGeocode } from '@locals/contracts/routes/geocode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { refusal, refuse } from '../../capabilities/refusals';

export const NO_POSTCODE_NEARBY = "We couldn't find a UK postcode near your location.";

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = app.geocoder;

  app.route({
    ...(await fromContract(reverseGeocode)),
    handler: async (request, reply) => {
      const place = await geocoder.reverse({
        latitude: request.query.lat,
        longitude: request.query.lng,
      });
      if (!place) {
        return refuse(reply, 404, refusal('postcode_not_found', NO_POSTCODE_NEARBY));
      }
      return place;
    },
  });
};
