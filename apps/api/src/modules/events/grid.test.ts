import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellOf, cellsAround } from './grid';

const EARTH_METRES = 6_378_168; // earthdistance's earth()

/** The point `metres` from a start along a bearing, on a sphere of earthdistance's radius. */
function destination(latitude: number, longitude: number, metres: number, bearing: number) {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const angle = metres / EARTH_METRES;
  const lat1 = radians(latitude);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing),
  );
  const lng2 =
    radians(longitude) +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
      Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: (lat2 * 180) / Math.PI, longitude: (lng2 * 180) / Math.PI };
}

describe('the event search grid', () => {
  // A session inside the circle in a cell the search does not read would never be found.
  it('lists the cell of every point inside a search circle, anywhere in the UK', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 49.9, max: 60.9, noNaN: true }),
        fc.double({ min: -8.2, max: 1.8, noNaN: true }),
        fc.constantFrom(1, 3, 5, 10, 25),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (latitude, longitude, miles, fraction, bearing) => {
          const metres = miles * 1609.344;
          const point = destination(latitude, longitude, metres * fraction, bearing);
          expect(cellsAround(latitude, longitude, metres)).toContain(
            cellOf(point.latitude, point.longitude),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('numbers cells as the migration does, west of Greenwich too', () => {
    expect(cellOf(51.45173, -2.59686)).toBe(1029 * 10_000 - 33);
    expect(cellOf(51.51901, 0.0581)).toBe(1030 * 10_000 + 0);
  });

  it('keeps a 25-mile search to a few hundred cells', () => {
    expect(cellsAround(51.5, -0.12, 25 * 1609.344).length).toBeLessThan(300);
    expect(cellsAround(51.5, -0.12, 1609.344).length).toBeLessThanOrEqual(4);
  });
});
