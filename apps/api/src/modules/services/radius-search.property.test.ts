import { createTestDatabase } from '@locals/db/test-db';
import { queryRows, type Database } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { METRES_PER_MILE } from './distance';
import { createServicesRepository } from './services.repository';

/** earthdistance's earth() radius, so the brute force measures on the same sphere. */
const EARTH_RADIUS_M = 6378168;
const BOUNDARY_TOLERANCE_M = 1;
/** How far apart two distances may be and still come in either order (see below). */
const ORDER_TOLERANCE_M = 0.001;

function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

// Around Bristol, spread far enough (about 2 degrees) that every radius option cuts through them.
const pointArbitrary = fc.record({
  lat: fc.double({ min: 50.5, max: 52.5, noNaN: true }),
  lng: fc.double({ min: -4, max: -1, noNaN: true }),
});

describe('radius search (indexed box + distance) against a brute-force haversine filter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('returns exactly the services within the radius, nearest first', async () => {
    const directory = createServicesRepository(database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(pointArbitrary, { minLength: 1, maxLength: 60 }),
        pointArbitrary,
        fc.constantFrom(5, 10, 25, 40, 60, 100),
        async (points, origin, miles) => {
          await database.db.execute(sql`delete from services`);
          const services = points.map((point, index) =>
            aService({
              id: `p-${String(index).padStart(3, '0')}`,
              latitude: point.lat,
              longitude: point.lng,
            }),
          );
          await insertServices(database, services);
          const radiusMetres = miles * METRES_PER_MILE;

          const { results, total } = await directory.search(
            { kind: 'radius', latitude: origin.lat, longitude: origin.lng, radiusMetres },
            { serviceTypes: [], includeUnverified: true },
            { limit: 1000, offset: 0 },
          );

          const measured = services.map((service, index) => ({
            id: service.id,
            metres: haversineMetres(origin, points[index]!),
          }));
          const isClearOfBoundary = (id: string) => {
            const metres = measured.find((entry) => entry.id === id)!.metres;
            return Math.abs(metres - radiusMetres) > BOUNDARY_TOLERANCE_M;
          };
          const metresOf = (id: string) => measured.find((entry) => entry.id === id)!.metres;
          const expected = measured
            .filter((entry) => entry.metres <= radiusMetres)
            .map((entry) => entry.id)
            .filter(isClearOfBoundary);
          const found = results.map((service) => service.id);
          const clear = found.filter(isClearOfBoundary);
          expect([...clear].sort()).toEqual([...expected].sort());
          // Nearest first, each no nearer than the one before. The search measures with
          // earth_distance and this test with haversine: the two agree to far better than a
          // millimetre, but points nanometres apart (seed 1012316700) may come either way.
          clear.forEach((id, index) => {
            if (index > 0)
              expect(metresOf(id)).toBeGreaterThanOrEqual(
                metresOf(clear[index - 1]!) - ORDER_TOLERANCE_M,
              );
          });
          expect(total).toBe(found.length);
          for (const service of results) {
            const metres = measured.find((entry) => entry.id === service.id)!.metres;
            expect(service.distanceMiles).toBeCloseTo(metres / METRES_PER_MILE, 2);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);

  it('decides services within a hair of the radius exactly as earth_distance does', async () => {
    const directory = createServicesRepository(database.db);
    // Destination on the same sphere: `metres` from origin along `bearing`.
    const destination = (origin: { lat: number; lng: number }, metres: number, bearing: number) => {
      const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
      const angle = metres / EARTH_RADIUS_M;
      const lat1 = toRadians(origin.lat);
      const lat2 = Math.asin(
        Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing),
      );
      const lng2 =
        toRadians(origin.lng) +
        Math.atan2(
          Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
          Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
        );
      return { lat: (lat2 * 180) / Math.PI, lng: (lng2 * 180) / Math.PI };
    };
    await fc.assert(
      fc.asyncProperty(
        pointArbitrary,
        fc.constantFrom(5, 10, 25, 40, 60, 100),
        fc.array(
          fc.record({
            offset: fc.double({ min: -0.05, max: 0.05, noNaN: true }),
            bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
          }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        async (origin, miles, offsets) => {
          await database.db.execute(sql`delete from services`);
          const radiusMetres = miles * METRES_PER_MILE;
          const services = offsets.map(({ offset, bearing }, index) => {
            const point = destination(origin, radiusMetres + offset, bearing);
            return aService({
              id: `h-${String(index).padStart(3, '0')}`,
              latitude: point.lat,
              longitude: point.lng,
            });
          });
          await insertServices(database, services);

          const { results, total } = await directory.search(
            { kind: 'radius', latitude: origin.lat, longitude: origin.lng, radiusMetres },
            { serviceTypes: [], includeUnverified: true },
            { limit: 1000, offset: 0 },
          );

          // The test the search used before the quick one, straight from earthdistance.
          const rows = await queryRows<{ id: string }>(
            database.db,
            sql`select id from services
                where earth_distance(ll_to_earth(${origin.lat}::float8, ${origin.lng}::float8), ll_to_earth(latitude, longitude))
                      <= ${radiusMetres}::float8 order by id`,
          );
          const expected = rows.map((row) => row.id);
          expect(results.map((service) => service.id).sort()).toEqual(expected);
          expect(total).toBe(expected.length);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('pages through the same order: every page a slice of the whole, ties by id, one total', async () => {
    const directory = createServicesRepository(database.db);
    // Few distinct places, so many services share a distance and only the id orders them.
    const placeArbitrary = fc.array(pointArbitrary, { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(
        placeArbitrary.chain((places) =>
          fc.tuple(
            fc.constant(places),
            fc.array(
              fc.record({
                place: fc.nat({ max: places.length - 1 }),
                categories: fc.subarray(['food', 'health', 'housing'], { minLength: 1 }),
                verified: fc.boolean(),
              }),
              { minLength: 1, maxLength: 40 },
            ),
          ),
        ),
        pointArbitrary,
        fc.constantFrom(25, 60, 100),
        fc.record({
          category: fc.constantFrom(undefined, 'food', 'health'),
          includeUnverified: fc.boolean(),
        }),
        fc.integer({ min: 1, max: 7 }),
        async ([places, rows], origin, miles, filter, pageSize) => {
          await database.db.execute(sql`delete from services`);
          const idOf = (index: number) =>
            `q-${String((index * 7919) % 1000).padStart(3, '0')}-${index}`;
          await insertServices(
            database,
            rows.map((row, index) =>
              aService({
                // Ids out of insertion order, so the tie-break is not the table's order.
                id: idOf(index),
                latitude: places[row.place]!.lat,
                longitude: places[row.place]!.lng,
                categories: row.categories,
                verified: row.verified,
              }),
            ),
          );
          const area = {
            kind: 'radius' as const,
            latitude: origin.lat,
            longitude: origin.lng,
            radiusMetres: miles * METRES_PER_MILE,
          };
          const filters = { serviceTypes: [], ...filter };

          const whole = await directory.search(area, filters, { limit: 1000, offset: 0 });
          // Nearest first, by the miles shown (rounded, so two places a hair apart both say 0).
          const shown = whole.results.map((service) => service.distanceMiles ?? -1);
          expect(shown).toEqual([...shown].sort((a, b) => a - b));
          // A true tie is services at one point: those come in id order. Places a hair apart
          // are not tied, however they round (fast-check found 50.5 and 50.50000000000001).
          const pointOfId = new Map(
            rows.map((row, index) => [idOf(index), JSON.stringify(places[row.place])]),
          );
          for (const point of new Set(pointOfId.values())) {
            const ids = whole.results
              .map((service) => service.id)
              .filter((id) => pointOfId.get(id) === point);
            expect(ids).toEqual([...ids].sort());
          }
          expect(whole.total).toBe(whole.results.length);
          const paged: string[] = [];
          for (let offset = 0; offset <= whole.total; offset += pageSize) {
            const page = await directory.search(area, filters, { limit: pageSize, offset });
            expect(page.total).toBe(whole.total);
            paged.push(...page.results.map((service) => service.id));
          }
          expect(paged).toEqual(whole.results.map((service) => service.id));
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
