/**
 * The grid event sessions are indexed by (migration 0015's `cell`): 1/20 degree of latitude by
 * 1/12.5 degree of longitude, about 5.5 km square across the UK. The formula must stay the
 * migration's: `floor(latitude * 20) * 10000 + floor(longitude * 12.5)`.
 */
const LATITUDE_CELLS_PER_DEGREE = 20;
const LONGITUDE_CELLS_PER_DEGREE = 12.5;
const ROW = 10_000;
/** Metres in a degree of latitude (and of longitude at the equator), generously rounded up. */
const METRES_PER_DEGREE = 111_000;

export function cellOf(latitude: number, longitude: number): number {
  return (
    Math.floor(latitude * LATITUDE_CELLS_PER_DEGREE) * ROW +
    Math.floor(longitude * LONGITUDE_CELLS_PER_DEGREE)
  );
}

/**
 * Every cell a circle of `metres` around a point touches (its bounding box's cells). Meant for
 * the UK's latitudes: it does not wrap at the 180th meridian or reach the poles.
 */
export function cellsAround(latitude: number, longitude: number, metres: number): number[] {
  const latitudeSpan = metres / METRES_PER_DEGREE;
  const longitudeSpan = metres / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  const rows = range(
    Math.floor((latitude - latitudeSpan) * LATITUDE_CELLS_PER_DEGREE),
    Math.floor((latitude + latitudeSpan) * LATITUDE_CELLS_PER_DEGREE),
  );
  const columns = range(
    Math.floor((longitude - longitudeSpan) * LONGITUDE_CELLS_PER_DEGREE),
    Math.floor((longitude + longitudeSpan) * LONGITUDE_CELLS_PER_DEGREE),
  );
  return rows.flatMap((row) => columns.map((column) => row * ROW + column));
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
