import { useEffect, useState } from 'react';
import type { LeafletMapProps } from './leaflet-map';

/** Leaflet and its CSS download only when a map is shown, so the first load stays small. */
export const loadLeafletMap = () => import('./leaflet-map');

type LeafletMapModule = Awaited<ReturnType<typeof loadLeafletMap>>;
type Loaded = { module: LeafletMapModule } | { error: unknown } | null;

/**
 * Not React.lazy: revealing a Suspense boundary after its fallback showed is throttled by React
 * (up to 300 ms), which the benchmark saw as 300 ms between the data and the markers.
 */
export function LazyLeafletMap(props: LeafletMapProps) {
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    let isCurrent = true;
    loadLeafletMap().then(
      (module) => isCurrent && setLoaded({ module }),
      (error: unknown) => isCurrent && setLoaded({ error }),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  // A failed download (a poor connection) goes to the map's error boundary.
  if (loaded && 'error' in loaded) throw loaded.error;
  if (!loaded) return <p className="h-[60vh] min-h-80 p-4 text-lg">Loading the map...</p>;
  return <loaded.module.LeafletMap {...props} />;
}
