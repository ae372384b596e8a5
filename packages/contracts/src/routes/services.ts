import { defineRoute } from '../route';

const schemas = () => import('../search');
const tags = ['services'];

export const searchServices = defineRoute({
  method: 'GET',
  path: '/api/HealthServices/search-new',
  load: async () => {
    const { SearchQuerySchema, SearchResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Search services near a postcode (or a postcode or place named in the keyword)',
      description:
        'A keyword matches what a service is (name, service types, category, main services, ' +
        'description), never its address; everyday phrasings come from the thesaurus. Services ' +
        'matching every word come first; only when none does are services matching some of the ' +
        'words shown, and `keyword.message` says so. An area Locals does not cover yet answers ' +
        'no results, `coverage.covered` false and the national helplines.',
      query: SearchQuerySchema,
      responses: { 200: SearchResponseSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const getService = defineRoute({
  method: 'GET',
  path: '/api/services/:id',
  load: async () => {
    const { ServiceDetailResponseSchema, ServiceIdParamsSchema } = await schemas();
    return {
      tags,
      summary: 'One service in full, with where its record came from',
      params: ServiceIdParamsSchema,
      responses: { 200: ServiceDetailResponseSchema },
      errors: [400, 404, 429, 500],
    };
  },
});
