import type { ServiceSummary } from '@locals/contracts/search';

export type Coordinates = NonNullable<ServiceSummary['coordinates']>;

/** How the map frames the services it shows. */
export const FIT_PADDING_PX = 60;
export const MIN_FITTED_ZOOM = 11;
/**
 * The closest zoom, the map's own: the marker clusters need it before any tile layer comes (the
 * services can arrive with the page, before the tile settings do).
 */
export const MAX_ZOOM = 19;
export const MAX_FITTED_ZOOM = 16;
export const SINGLE_RESULT_ZOOM = 15;
export const FALLBACK_CENTRE: Coordinates = { lat: 51.5074, lng: -0.1278 };
export const METRES_PER_MILE = 1609.344;
/** Map popups show at most 3 service-type chips and, like cards, 5 hearts. */
export const POPUP_CHIP_LIMIT = 3;
export const POPUP_HEART_LIMIT = 5;

export type MappedService = ServiceSummary & { coordinates: Coordinates };

function hasCoordinates(service: ServiceSummary): service is MappedService {
  const point = service.coordinates;
  return point !== null && Number.isFinite(point.lat) && Number.isFinite(point.lng);
}

/**
 * Services with a location go on the map; the rest are listed beside it. The spec scattered
 * them at random near the centre, which tells people a service is somewhere it is not.
 */
export function splitByLocation(services: ServiceSummary[]) {
  const mapped: MappedService[] = [];
  const unmapped: ServiceSummary[] = [];
  for (const service of services) {
    if (hasCoordinates(service)) mapped.push(service);
    else unmapped.push(service);
  }
  return { mapped, unmapped };
}

export type Bounds = { south: number; west: number; north: number; east: number };

export type InitialView =
  { kind: 'centre'; centre: Coordinates; zoom: number } | { kind: 'fit'; bounds: Bounds };

/**
 * One point is shown at zoom 15; several are fitted (then clamped by `clampFittedZoom`);
 * none falls back to the searched place, else central London.
 */
export function initialView(points: Coordinates[], searched: Coordinates | null): InitialView {
  const [first] = points;
  if (!first)
    return { kind: 'centre', centre: searched ?? FALLBACK_CENTRE, zoom: SINGLE_RESULT_ZOOM };
  if (points.length === 1) return { kind: 'centre', centre: first, zoom: SINGLE_RESULT_ZOOM };
  // The searched postcode is on the map too, so it counts towards the view.
  const all = searched ? [...points, searched] : points;
  const bounds = { south: first.lat, west: first.lng, north: first.lat, east: first.lng };
  for (const { lat, lng } of all) {
    bounds.south = Math.min(bounds.south, lat);
    bounds.north = Math.max(bounds.north, lat);
    bounds.west = Math.min(bounds.west, lng);
    bounds.east = Math.max(bounds.east, lng);
  }
  if (bounds.south === bounds.north && bounds.west === bounds.east) {
    return { kind: 'centre', centre: first, zoom: SINGLE_RESULT_ZOOM };
  }
  return { kind: 'fit', bounds };
}

export function clampFittedZoom(zoom: number): number {
  return Math.min(MAX_FITTED_ZOOM, Math.max(MIN_FITTED_ZOOM, zoom));
}

export function milesToMetres(miles: number): number {
  return miles * METRES_PER_MILE;
}
