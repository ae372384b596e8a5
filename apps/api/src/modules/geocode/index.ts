/** Postcodes and places to coordinates, for search. */
export { createGeocoder, postcodeNotFoundMessage } from './geocoder';
