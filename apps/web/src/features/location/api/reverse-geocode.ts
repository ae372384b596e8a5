import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const reverseGeocodeSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/search').then((contract) => contract.ReverseGeocodeResponseSchema);

export type Coordinates = { latitude: number; longitude: number };

export function reverseGeocode({ latitude, longitude }: Coordinates, signal?: AbortSignal) {
  const params = new URLSearchParams({ lat: String(latitude), lng: String(longitude) });
  return apiClient.get(`/api/geocode/reverse?${params.toString()}`, reverseGeocodeSchema, {
    signal,
  });
}

export function reverseGeocodeQueryOptions(coordinates: Coordinates) {
  return queryOptions({
    queryKey: ['geocode', 'reverse', coordinates.latitude, coordinates.longitude],
    queryFn: ({ signal }) => reverseGeocode(coordinates, signal),
    staleTime: Infinity,
  });
}
