import 'leaflet/dist/leaflet.css';
import type { ClientConfig } from '@locals/contracts/client-config';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapFrame } from '@/components/ui/map-frame';

export type PositionMapProps = {
  latitude: number;
  longitude: number;
  /** null until the deployment's tile server is known. */
  tiles: ClientConfig['map'] | null;
  label: string;
};

const ZOOM = 15;

/** One place on a small map: where the application's postcode is. */
export function PositionMap({ latitude, longitude, tiles, label }: PositionMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { keyboard: true, scrollWheelZoom: false });
    map.setView([latitude, longitude], ZOOM);
    // A circle, not Leaflet's default pin, whose images the bundler would have to copy.
    L.circleMarker([latitude, longitude], {
      radius: 10,
      color: '#ffffff',
      weight: 3,
      fillColor: '#00594f',
      fillOpacity: 1,
    }).addTo(map);
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, [latitude, longitude]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tiles) return;
    const layer = L.tileLayer(tiles.tileUrl, { attribution: tiles.tileAttribution, maxZoom: 19 });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [tiles]);

  return (
    <MapFrame
      containerRef={containerRef}
      label={label}
      className="h-64 w-full rounded border-2 border-line bg-[#e8eef0]"
    />
  );
}
