import L from 'leaflet';
// A plugin that extends the `L` global the line above sets up.
import 'leaflet.markercluster';
import type { ResolvedLocation, ServiceSummary } from '@locals/contracts/search';
import { FIT_PADDING_PX, clampFittedZoom, initialView, milesToMetres } from '../map-geometry';
import type { MappedService } from '../map-geometry';

export function serviceMarkerLabel(service: ServiceSummary): string {
  return service.distance ? `${service.name}, ${service.distance} away` : service.name;
}

// One icon for every service: 1000 markers share it instead of each building its own.
const serviceIcon = L.divIcon({
  className: 'locals-marker',
  iconSize: [26, 26],
  iconAnchor: [13, 13],
  popupAnchor: [0, -12],
});

export function createServiceMarkers(
  services: MappedService[],
  onSelect: (service: MappedService) => void,
): Map<string, L.Marker> {
  const markers = new Map<string, L.Marker>();
  for (const service of services) {
    // keyboard: true makes the marker a focusable role="button" named by its title.
    const marker = L.marker([service.coordinates.lat, service.coordinates.lng], {
      icon: serviceIcon,
      title: serviceMarkerLabel(service),
      keyboard: true,
      riseOnHover: true,
    });
    marker.on('click', () => onSelect(service));
    marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
      // Leaflet turns a click into Enter only for bound popups; ours are React portals.
      if (event.originalEvent.key === 'Enter') onSelect(service);
    });
    markers.set(service.id, marker);
  }
  return markers;
}

/**
 * Every marker and cluster is a touch target of at least 24 by 24 px (WCAG 2.5.8). Clusters sit
 * at the mean of their services, so two can drift closer than maxClusterRadius: sizes kept well
 * under that radius stop them covering each other (they did at 34/42/50 px).
 */
function clusterSize(count: number): number {
  return count < 10 ? 30 : count < 100 ? 34 : count < 1000 ? 40 : 48;
}

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  const size = clusterSize(count);
  return L.divIcon({
    className: count < 100 ? 'locals-cluster' : 'locals-cluster locals-cluster-large',
    iconSize: [size, size],
    // Clusters are focusable buttons too (Enter zooms in); this text is their name.
    html: `<span aria-hidden="true">${count}</span><span class="sr-only">${count} services here. Zoom in to see them</span>`,
  });
}

export function createClusterGroup(): L.MarkerClusterGroup {
  return L.markerClusterGroup({
    iconCreateFunction: clusterIcon,
    showCoverageOnHover: false,
    maxClusterRadius: 60,
  });
}

// A pin whose tip marks the spot, so it hides as little as possible of a cluster there.
const searchedPlaceIcon = L.divIcon({
  className: 'locals-searched-place',
  iconSize: [24, 34],
  iconAnchor: [12, 34],
  html: '<svg viewBox="0 0 24 34" width="24" height="34" aria-hidden="true"><path d="M12 33C12 33 23 19 23 11.5a11 11 0 0 0-22 0C1 19 12 33 12 33z" fill="#b3261e" stroke="#fff" stroke-width="2"/><circle cx="12" cy="11.5" r="4" fill="#fff"/></svg>',
});

/** The searched postcode as its own marker, and the radius as a circle around it. */
export function searchedPlaceLayers(location: ResolvedLocation, radiusMiles: number | null) {
  const point: L.LatLngTuple = [location.coordinates.lat, location.coordinates.lng];
  const layers: L.Layer[] = [
    L.marker(point, {
      icon: searchedPlaceIcon,
      interactive: false,
      keyboard: false,
      zIndexOffset: 1000,
    }),
  ];
  if (radiusMiles !== null) {
    layers.unshift(
      L.circle(point, {
        radius: milesToMetres(radiusMiles),
        interactive: false,
        color: '#00594f',
        weight: 2,
        fillOpacity: 0.04,
      }),
    );
  }
  return layers;
}

/** Fit with padding 60, zoom clamped to 11..16; one service at zoom 15. */
export function showInitialView(
  map: L.Map,
  services: MappedService[],
  searched: ResolvedLocation | null,
) {
  const view = initialView(
    services.map((service) => service.coordinates),
    searched?.coordinates ?? null,
  );
  if (view.kind === 'centre') {
    map.setView([view.centre.lat, view.centre.lng], view.zoom, { animate: false });
    return;
  }
  const { south, west, north, east } = view.bounds;
  const bounds = L.latLngBounds([south, west], [north, east]);
  // getBoundsZoom takes the padding of both sides together.
  const padding = L.point(FIT_PADDING_PX * 2, FIT_PADDING_PX * 2);
  const zoom = clampFittedZoom(map.getBoundsZoom(bounds, false, padding));
  map.setView(bounds.getCenter(), zoom, { animate: false });
}
