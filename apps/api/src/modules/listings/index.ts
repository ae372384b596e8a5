/** Listings' editable fields, shared by moderators' and providers' writes (decision 024). */
export { listingFieldsOf } from './listing-fields';
export {
  createListingsRepository,
  UnplaceablePostcodeError,
  type PlacePostcode,
} from './listings.repository';
export { placeFromGeocoder } from './place';
export { isStale, monthsBefore } from './last-checked';
export {
  claimLinkUrl,
  linkExpiry,
  linkState,
  oneTimeLinks,
  tokenHash,
  type ListingLinkRow,
} from './one-time-links';
