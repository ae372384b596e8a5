import type { Geocoder } from '../../capabilities/geocoder/geocoder';
import type { PlacedPostcode } from './listing-fields';

/**
 * A listing is placed at its unit postcode (Locals' own table, else the postcodes API when one
 * is configured), never at a district's centre: a pin a mile off sends people to the wrong door.
 */
export function placeFromGeocoder(geocoder: Geocoder) {
  return async (postcode: string): Promise<PlacedPostcode | null> => {
    const location = await geocoder.resolve(postcode);
    if (!location || location.precision === 'district') return null;
    return {
      postcode: location.postcode,
      latitude: location.coordinates.lat,
      longitude: location.coordinates.lng,
      areaName: location.areaName,
    };
  };
}
