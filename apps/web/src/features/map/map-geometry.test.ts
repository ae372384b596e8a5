import type { ServiceSummary } from '@locals/contracts/search';
import { describe, expect, it } from 'vitest';
import { buildService } from '@/testing/factories';
import {
  FALLBACK_CENTRE,
  clampFittedZoom,
  initialView,
  milesToMetres,
  splitByLocation,
} from './map-geometry';

function service(id: string, coordinates: ServiceSummary['coordinates']): ServiceSummary {
  return buildService({ id, coordinates });
}

const westminster = { lat: 51.501, lng: -0.1416 };

describe('splitByLocation', () => {
  it('keeps services without usable coordinates off the map, in their order', () => {
    const services = [
      service('a', westminster),
      service('b', null),
      service('c', { lat: Number.NaN, lng: 0 }),
      service('d', { lat: 51.45, lng: -2.58 }),
    ];

    const { mapped, unmapped } = splitByLocation(services);

    expect(mapped.map((s) => s.id)).toEqual(['a', 'd']);
    expect(unmapped.map((s) => s.id)).toEqual(['b', 'c']);
  });
});

describe('initialView', () => {
  it.each([
    ['no services and no searched place', [], null, FALLBACK_CENTRE],
    ['no services, centred on the searched place', [], westminster, westminster],
  ])('with %s', (_case, points, searched, centre) => {
    expect(initialView(points, searched)).toEqual({ kind: 'centre', centre, zoom: 15 });
  });

  it('shows a single service at zoom 15, centred on it', () => {
    const only = { lat: 51.45, lng: -2.58 };
    expect(initialView([only], westminster)).toEqual({ kind: 'centre', centre: only, zoom: 15 });
  });

  it('shows services in one place at zoom 15', () => {
    expect(initialView([westminster, westminster], null)).toEqual({
      kind: 'centre',
      centre: westminster,
      zoom: 15,
    });
  });

  it('fits every service and the searched place', () => {
    const view = initialView(
      [
        { lat: 51.5, lng: -0.1 },
        { lat: 51.52, lng: -0.12 },
      ],
      { lat: 51.49, lng: -0.2 },
    );
    expect(view).toEqual({
      kind: 'fit',
      bounds: { south: 51.49, west: -0.2, north: 51.52, east: -0.1 },
    });
  });
});

describe('clampFittedZoom', () => {
  it.each([
    [8, 11],
    [11, 11],
    [13.5, 13.5],
    [16, 16],
    [18, 16],
  ])('turns a fitted zoom of %d into %d', (fitted, clamped) => {
    expect(clampFittedZoom(fitted)).toBe(clamped);
  });
});

describe('milesToMetres', () => {
  it('draws a 10 mile radius as 16,093 metres', () => {
    expect(Math.round(milesToMetres(10))).toBe(16093);
  });
});
