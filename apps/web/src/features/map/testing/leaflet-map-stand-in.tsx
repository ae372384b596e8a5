import type { LeafletMapProps } from '../components/leaflet-map';

/**
 * jsdom cannot lay out Leaflet; tests mock components/leaflet-map with this stand-in, which
 * shows what the map was given and one button per marker.
 */
export function LeafletMap({
  services,
  searched,
  radiusMiles,
  tiles,
  label,
  onOpenService,
}: LeafletMapProps) {
  return (
    <div role="region" aria-label={label}>
      <p>
        Around {searched?.postcode}, radius {String(radiusMiles)}, tiles {tiles?.tileUrl ?? 'none'}
      </p>
      {services.map((service) => (
        <button key={service.id} type="button" onClick={() => onOpenService(service)}>
          Marker {service.name}
        </button>
      ))}
    </div>
  );
}
