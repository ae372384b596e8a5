/** Listings' editable fields, shared by moderators' and providers' writes (issue 15). */
export { changedFields, hoursText, listingFieldsOf, type PlacedPostcode } from './listing-fields';
export {
  createListingsRepository,
  LOCALS_LICENCE,
  LOCALS_SOURCE,
  UnplaceablePostcodeError,
  type PlacePostcode,
} from './listings.repository';
export { placeFromGeocoder } from './place';
export { isStale, monthsBefore } from './last-checked';
export {
  linkState,
  oneTimeLinks,
  tokenHash,
  type LinkState,
  type ListingLinkRow,
} from './one-time-links';
