import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ClientConfig } from '@locals/contracts/client-config';
import type { ResolvedLocation } from '@locals/contracts/search';
import { MapFrame } from '@/components/ui/map-frame';
import { FALLBACK_CENTRE, MAX_ZOOM, MIN_FITTED_ZOOM } from '../map-geometry';
import type { MappedService } from '../map-geometry';
import {
  createClusterGroup,
  createServiceMarkers,
  searchedPlaceLayers,
  showInitialView,
} from './leaflet-layers';
import { MarkerPopup } from './marker-popup';
import { TileFailureNotice } from './tile-failure-notice';
import { useTileLayer } from './use-tile-layer';

/** Named in the performance timeline so scripts/bench-map.mjs can time the map from here. */
export const MAP_MARKERS_MARK = 'locals:map-markers';

export type LeafletMapProps = {
  services: MappedService[];
  searched: ResolvedLocation | null;
  radiusMiles: number | null;
  /** null until the deployment's tile server is known. */
  tiles: ClientConfig['map'] | null;
  label: string;
  onOpenService: (service: MappedService) => void;
  /** Shown over the map's corner. */
  children?: ReactNode;
};

export function LeafletMap({
  services,
  searched,
  radiusMiles,
  tiles,
  label,
  onOpenService,
  children,
}: LeafletMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const clusterRef = useRef<L.MarkerClusterGroup | null>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  const [active, setActive] = useState<MappedService | null>(null);
  const [popupNode] = useState(() => document.createElement('div'));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { keyboard: true, zoomControl: true, maxZoom: MAX_ZOOM });
    map.setView([FALLBACK_CENTRE.lat, FALLBACK_CENTRE.lng], MIN_FITTED_ZOOM);
    // Read by the e2e stories and the benchmark to see the map respond.
    map.on('zoomend', () => (container.dataset.zoom = String(map.getZoom())));
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container);
    mapRef.current = map;
    return () => {
      resize.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, []);

  const isTileFailure = useTileLayer(mapRef, tiles);

  useEffect(() => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !container) return;
    showInitialView(map, services, searched);
    container.dataset.zoom = String(map.getZoom());
    const place = searched ? searchedPlaceLayers(searched, radiusMiles) : [];
    for (const layer of place) layer.addTo(map);
    const markers = createServiceMarkers(services, setActive);
    const cluster = createClusterGroup();
    cluster.addLayers([...markers.values()]);
    cluster.addTo(map);
    markersRef.current = markers;
    clusterRef.current = cluster;
    performance.mark(MAP_MARKERS_MARK);
    return () => {
      setActive(null);
      cluster.remove();
      for (const layer of place) layer.remove();
    };
  }, [services, searched, radiusMiles]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !active) return;
    const popup = L.popup({ minWidth: 200, maxWidth: 280, autoPanPadding: [16, 16] })
      .setLatLng([active.coordinates.lat, active.coordinates.lng])
      .setContent(popupNode);
    popup.on('remove', () => {
      // Keyboard users go back to the marker they came from, not to the top of the page.
      const focused = document.activeElement;
      if (focused === document.body || popup.getElement()?.contains(focused)) {
        const marker = markersRef.current.get(active.id);
        const visible = marker && clusterRef.current?.getVisibleParent(marker);
        visible?.getElement()?.focus();
      }
      setActive((current) => (current === active ? null : current));
    });
    popup.openOn(map);
    popupNode.querySelector('button')?.focus({ preventScroll: true });
    return () => {
      popup.off('remove');
      popup.remove();
    };
  }, [active, popupNode]);

  return (
    <>
      {isTileFailure && <TileFailureNotice />}
      <MapFrame
        containerRef={containerRef}
        label={label}
        className="locals-map h-[60vh] min-h-80 w-full rounded border-2 border-line"
      >
        {children}
      </MapFrame>
      {active &&
        createPortal(<MarkerPopup service={active} onOpenService={onOpenService} />, popupNode)}
    </>
  );
}
