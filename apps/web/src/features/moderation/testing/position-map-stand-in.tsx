import type { PositionMapProps } from '../components/position-map';

/** jsdom cannot lay out Leaflet; tests mock components/position-map with this. */
export function PositionMap({ latitude, longitude, tiles, label }: PositionMapProps) {
  return (
    <div role="region" aria-label={label}>
      Map at {latitude}, {longitude} with tiles {tiles?.tileUrl ?? 'none'}
    </div>
  );
}
