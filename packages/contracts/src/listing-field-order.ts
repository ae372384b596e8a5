import type { ListingFields } from './listing';

/**
 * The order forms show a listing's fields in, and the error summary lists them in. A module of
 * its own, without zod, so the web form reads it without adding zod to a page's first download.
 */
export const LISTING_FIELD_ORDER = [
  'name',
  'description',
  'categories',
  'phones',
  'email',
  'website',
  'address',
  'postcode',
  'openingHours',
] as const satisfies readonly (keyof ListingFields)[];
