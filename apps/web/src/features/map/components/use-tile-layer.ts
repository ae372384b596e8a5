import L from 'leaflet';
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import type { ClientConfig } from '@locals/contracts/client-config';
import { MAX_ZOOM } from '../map-geometry';

/** Errors before any tile loads that mean the tile server is unusable (offline, blocked, bad key). */
const FAILED_TILE_LIMIT = 3;
/** Without a single tile by then, say so; a tile arriving later takes the notice away. */
const FIRST_TILE_TIMEOUT_MS = 15_000;

/**
 * Adds the background tiles and reports whether they failed. The markers never depend on them.
 */
export function useTileLayer(
  mapRef: RefObject<L.Map | null>,
  tiles: ClientConfig['map'] | null,
): boolean {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tiles) return;
    const layer = L.tileLayer(tiles.tileUrl, {
      attribution: tiles.tileAttribution,
      maxZoom: MAX_ZOOM,
    });
    let loaded = 0;
    let failed = 0;
    const timeout = setTimeout(() => {
      if (loaded === 0) setFailedUrl(tiles.tileUrl);
    }, FIRST_TILE_TIMEOUT_MS);
    layer.on('tileload', () => {
      loaded += 1;
      if (loaded === 1) setFailedUrl(null);
    });
    layer.on('tileerror', () => {
      failed += 1;
      if (loaded > 0 || failed < FAILED_TILE_LIMIT) return;
      setFailedUrl(tiles.tileUrl);
      // Stop asking a server that refuses us: every pan would send more doomed requests.
      layer.remove();
    });
    layer.addTo(map);
    return () => {
      clearTimeout(timeout);
      layer.remove();
    };
  }, [mapRef, tiles]);

  return tiles !== null && failedUrl === tiles.tileUrl;
}
