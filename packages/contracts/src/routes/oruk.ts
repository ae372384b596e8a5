import { defineRoute } from '../route';

const schemas = () => import('../oruk');
const tags = ['open referral uk'];
const feed =
  'Open Referral UK 3.0 (HSDS 3.0, UK profile): open data, no key, any origin. Only verified, ' +
  'non-demo listings; ids are UUIDs that never change (decision 025).';
const paging =
  '`page` from 1; `per_page` up to 10,000, default 10,000 (one page holds the whole directory, ' +
  'for importers that read only the first page).';
/** Services are paged by id (decision 041). */
const servicePaging =
  `${paging} A deep page costs what the first does. A page may hold up to a tenth more or ` +
  'fewer than per_page when services were added and removed in equal numbers since the list ' +
  'was first paged: a walk then still meets each service once.';
const filters =
  '`search` (full text), `taxonomy_term_id` (a term id or code), `taxonomy_id`, `minimum_age` ' +
  '(services whose lowest age is at least this; no limit counts as 0), `maximum_age` (highest ' +
  'age at most this; no limit counts as none), `day` (MO ... SU or Monday ... Sunday), ' +
  '`start_time` and `end_time` (HH:MM or HH:MM:SS): services with a published schedule on that ' +
  'day, opening at or after start_time, closing at or before end_time, all in one schedule; ' +
  '`modified_after` (ISO 8601; no zone is UTC): services whose last_modified is at or after it.';

const apiInfo = (path: '/api/oruk' | '/api/oruk/') =>
  defineRoute({
    method: 'GET',
    path,
    load: async () => {
      const { OrukApiInfoSchema } = await schemas();
      return {
        tags,
        summary: 'About this Open Referral UK API: its version, profile and OpenAPI document',
        description: feed,
        responses: { 200: OrukApiInfoSchema },
        errors: [429, 500],
      };
    },
  });

export const getOrukApiInfo = apiInfo('/api/oruk');
export const getOrukApiInfoSlash = apiInfo('/api/oruk/');

export const listOrukServices = defineRoute({
  method: 'GET',
  path: '/api/oruk/services',
  load: async () => {
    const { OrukServicesQuerySchema, OrukServicesPageSchema } = await schemas();
    return {
      tags,
      summary: 'Services, a page at a time, in a fixed order',
      description: `${feed} ${servicePaging} ${filters}`,
      query: OrukServicesQuerySchema,
      responses: { 200: OrukServicesPageSchema },
      errors: [400, 429, 500],
    };
  },
});

export const getOrukService = defineRoute({
  method: 'GET',
  path: '/api/oruk/services/:id',
  load: async () => {
    const { OrukIdParamsSchema, OrukServiceSchema } = await schemas();
    return {
      tags,
      summary: 'One service in full: organisation, locations, contacts, schedules, categories',
      description: feed,
      params: OrukIdParamsSchema,
      responses: { 200: OrukServiceSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const listOrukServiceAtLocations = defineRoute({
  method: 'GET',
  path: '/api/oruk/service_at_locations',
  load: async () => {
    const { OrukServiceAtLocationsQuerySchema, OrukServiceAtLocationsPageSchema } = await schemas();
    return {
      tags,
      summary: 'Services at their locations; near a postcode, nearest first',
      description:
        `${feed} ${servicePaging} ${filters} ` +
        '`postcode` orders by distance from it, nearest first (paged by offset: deep pages cost ' +
        'more); `proximity` (metres, needs a ' +
        'postcode) keeps only locations that near.',
      query: OrukServiceAtLocationsQuerySchema,
      responses: { 200: OrukServiceAtLocationsPageSchema },
      errors: [400, 429, 500],
    };
  },
});

export const getOrukServiceAtLocation = defineRoute({
  method: 'GET',
  path: '/api/oruk/service_at_locations/:id',
  load: async () => {
    const { OrukIdParamsSchema, OrukServiceSchema } = await schemas();
    return {
      tags,
      summary: 'The service at one location, in full (as the profile says: a service)',
      description: feed,
      params: OrukIdParamsSchema,
      responses: { 200: OrukServiceSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const listOrukTaxonomies = defineRoute({
  method: 'GET',
  path: '/api/oruk/taxonomies',
  load: async () => {
    const { OrukPagingQuerySchema, OrukTaxonomiesPageSchema } = await schemas();
    return {
      tags,
      summary: 'The taxonomies our terms belong to',
      description: `${feed} ${paging}`,
      query: OrukPagingQuerySchema,
      responses: { 200: OrukTaxonomiesPageSchema },
      errors: [400, 429, 500],
    };
  },
});

export const getOrukTaxonomy = defineRoute({
  method: 'GET',
  path: '/api/oruk/taxonomies/:id',
  load: async () => {
    const { OrukIdParamsSchema, OrukTaxonomySchema } = await schemas();
    return {
      tags,
      summary: 'One taxonomy',
      description: feed,
      params: OrukIdParamsSchema,
      responses: { 200: OrukTaxonomySchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const listOrukTaxonomyTerms = defineRoute({
  method: 'GET',
  path: '/api/oruk/taxonomy_terms',
  load: async () => {
    const { OrukPagingQuerySchema, OrukTaxonomyTermsPageSchema } = await schemas();
    return {
      tags,
      summary: 'Taxonomy terms: our 12 categories, and what says where a record came from',
      description: `${feed} ${paging}`,
      query: OrukPagingQuerySchema,
      responses: { 200: OrukTaxonomyTermsPageSchema },
      errors: [400, 429, 500],
    };
  },
});

export const getOrukTaxonomyTerm = defineRoute({
  method: 'GET',
  path: '/api/oruk/taxonomy_terms/:id',
  load: async () => {
    const { OrukIdParamsSchema, OrukTaxonomyTermSchema } = await schemas();
    return {
      tags,
      summary: 'One taxonomy term',
      description: feed,
      params: OrukIdParamsSchema,
      responses: { 200: OrukTaxonomyTermSchema },
      errors: [400, 404, 429, 500],
    };
  },
});
