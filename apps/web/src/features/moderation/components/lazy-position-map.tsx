import { Component, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { PositionMapProps } from './position-map';

/** Leaflet and its CSS download only on the application page, so first loads stay small. */
const loadPositionMap = () => import('./position-map');

type Loaded = { module: Awaited<ReturnType<typeof loadPositionMap>> } | { error: unknown } | null;

/** The position is also written out, so a map that fails says so and the page carries on. */
class MapBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return <p role="alert">The map could not be shown. Reload the page to try again.</p>;
  }
}

function PositionMapLoader(props: PositionMapProps) {
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    let isCurrent = true;
    loadPositionMap().then(
      (module) => isCurrent && setLoaded({ module }),
      (error: unknown) => isCurrent && setLoaded({ error }),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  if (loaded && 'error' in loaded) throw loaded.error;
  if (!loaded) return <p className="h-64 p-4">Loading the map...</p>;
  return <loaded.module.PositionMap {...props} />;
}

export function LazyPositionMap(props: PositionMapProps) {
  return (
    <MapBoundary>
      <PositionMapLoader {...props} />
    </MapBoundary>
  );
}
