import { defineRoute } from '../route';

export const reverseGeocode = defineRoute({
  method: 'GET',
  path: '/api/geocode/reverse',
  load: async () => {
    const { ReverseGeocodeQuerySchema, ReverseGeocodeResponseSchema } = await import('../search');
    return {
      tags: ['geocode'],
      summary: 'The nearest postcode to a point, for "use my location"',
      query: ReverseGeocodeQuerySchema,
      responses: { 200: ReverseGeocodeResponseSchema },
      errors: [400, 404, 429, 500],
    };
  },
});
