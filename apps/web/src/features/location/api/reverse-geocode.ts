import * as geocode from '@locals/contracts/routes/geocode';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Coordinates = { latitude: number; longitude: number };

export function reverseGeocode({ latitude, longitude }: Coordinates, signal?: AbortSignal) {
  return api(geocode.reverseGeocode, { query: { lat: latitude, lng: longitude } }, { signal });
}

export function reverseGeocodeQueryOptions(coordinates: Coordinates) {
  return queryOptions({
    queryKey: ['geocode', 'reverse', coordinates.latitude, coordinates.longitude],
    queryFn: ({ signal }) => reverseGeocode(coordinates, signal),
    staleTime: Infinity,
  });
}
