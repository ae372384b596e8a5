import { z } from 'zod';
import { OrukScheduleQueryShape } from './oruk-query-fields';
import { optional, wholeNumber } from './query-fields';
import { textField, tooLongMessage } from './text-field';

/**
 * The Open Referral UK 3.0 feed at /api/oruk (decision 025). These schemas name
 * the fields we publish and their types, loose on purpose: the published JSON schemas (HSDS 3.0
 * and the UK profile, copied into apps/api/src/modules/oruk/schemas) are the real check, in the
 * module's tests.
 */

/** Page size without `per_page`: the DfE importer reads only the first page (decision 025). */
export const ORUK_DEFAULT_PER_PAGE = 10_000;
export const ORUK_MAX_PER_PAGE = 10_000;

const uuid = z.string().uuid();
const text = z.string().min(1);

export const OrukApiInfoSchema = z.object({
  version: z.literal('3.0'),
  profile: z.string(),
  openapi_url: z.string(),
});

const PagingQueryShape = {
  page: optional(wholeNumber('page', 1, 1_000_000)).default(1),
  per_page: optional(wholeNumber('per_page', 1, ORUK_MAX_PER_PAGE)).default(ORUK_DEFAULT_PER_PAGE),
};

export const OrukPagingQuerySchema = z.object(PagingQueryShape);

const age = (field: string) =>
  optional(
    z.coerce
      .number({ error: `${field} must be a number` })
      .min(0, { error: `${field} must be 0 or more` })
      .max(150, { error: `${field} must be 150 or less` }),
  );

const ServiceFilterShape = {
  ...PagingQueryShape,
  search: optional(
    textField('search')
      .trim()
      .max(200, { error: tooLongMessage('search', 200) }),
  ),
  taxonomy_term_id: optional(textField('taxonomy_term_id').trim().max(200)),
  taxonomy_id: optional(textField('taxonomy_id').trim().max(200)),
  minimum_age: age('minimum_age'),
  maximum_age: age('maximum_age'),
  ...OrukScheduleQueryShape,
};

export const OrukServicesQuerySchema = z.object(ServiceFilterShape);

export const OrukServiceAtLocationsQuerySchema = z.object({
  ...ServiceFilterShape,
  postcode: optional(textField('postcode').trim().max(20)),
  proximity: optional(
    z.coerce
      .number({ error: 'proximity must be a number of metres' })
      .positive({ error: 'proximity must be more than 0 metres' })
      .max(1_000_000, { error: 'proximity must be 1,000,000 metres or less' }),
  ),
});

export const OrukIdParamsSchema = z.object({ id: textField('id').max(200) });

const PageShape = {
  total_items: z.number().int(),
  total_pages: z.number().int(),
  page_number: z.number().int(),
  size: z.number().int(),
  first_page: z.boolean(),
  last_page: z.boolean(),
  empty: z.boolean(),
};

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ ...PageShape, contents: z.array(item) });

export const OrukTaxonomySchema = z.looseObject({ id: uuid, name: text, description: text });

export const OrukTaxonomyTermSchema = z.looseObject({
  id: uuid,
  code: text,
  name: text,
  description: text,
  taxonomy_id: uuid,
});

const OrganizationSchema = z.looseObject({ id: uuid, name: text, description: text });

export const OrukServiceListItemSchema = z.looseObject({
  id: uuid,
  name: text,
  status: z.enum(['active', 'inactive', 'defunct', 'temporarily closed']),
  organization: OrganizationSchema,
  last_modified: z.string(),
});

const AddressSchema = z.looseObject({
  id: uuid,
  address_1: text,
  city: text,
  state_province: text,
  postal_code: text,
  country: text,
  address_type: z.enum(['physical', 'postal', 'virtual']),
});

const LocationSchema = z.looseObject({
  id: uuid,
  location_type: z.enum(['physical', 'postal', 'virtual']),
  addresses: z.array(AddressSchema).optional(),
});

const AttributeSchema = z.looseObject({
  id: uuid,
  link_id: uuid,
  link_type: text,
  link_entity: text,
  taxonomy_term_id: uuid,
  taxonomy_term: OrukTaxonomyTermSchema,
});

export const OrukServiceSchema = OrukServiceListItemSchema.extend({
  service_at_locations: z.array(z.looseObject({ id: uuid, location: LocationSchema })),
  contacts: z.array(z.looseObject({ id: uuid })),
  attributes: z.array(AttributeSchema),
});

export const OrukServiceAtLocationListItemSchema = z.looseObject({
  id: uuid,
  service_id: uuid,
  location_id: uuid,
  location: LocationSchema,
  service: OrukServiceListItemSchema,
  /** Metres from the postcode, when one was given. */
  distance: z.number().optional(),
});

export const OrukServicesPageSchema = pageOf(OrukServiceListItemSchema);
export const OrukServiceAtLocationsPageSchema = pageOf(OrukServiceAtLocationListItemSchema);
export const OrukTaxonomiesPageSchema = pageOf(OrukTaxonomySchema);
export const OrukTaxonomyTermsPageSchema = pageOf(OrukTaxonomyTermSchema);

export type OrukServiceListItem = z.infer<typeof OrukServiceListItemSchema>;
export type OrukService = z.infer<typeof OrukServiceSchema>;
export type OrukServiceAtLocationListItem = z.infer<typeof OrukServiceAtLocationListItemSchema>;
export type OrukTaxonomy = z.infer<typeof OrukTaxonomySchema>;
export type OrukTaxonomyTerm = z.infer<typeof OrukTaxonomyTermSchema>;
