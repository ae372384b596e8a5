import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '@locals/contracts/map-tiles';
import type { ClientConfig } from '@locals/contracts/client-config';
import { getClientConfig } from '@locals/contracts/routes/client-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Used until /api/config answers, and if it cannot: the server's own defaults. */
export const DEFAULT_MAP_CONFIG: ClientConfig['map'] = {
  tileUrl: DEFAULT_TILE_URL,
  tileAttribution: DEFAULT_TILE_ATTRIBUTION,
};

export async function getMapConfig(signal?: AbortSignal): Promise<ClientConfig['map']> {
  const config = await api(getClientConfig, {}, { signal });
  return config.map;
}

export const mapConfigQueryOptions = queryOptions({
  queryKey: ['config', 'map'],
  queryFn: ({ signal }) => getMapConfig(signal),
  // Changes only when the site is redeployed.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useMapConfig() {
  return useQuery(mapConfigQueryOptions);
}
