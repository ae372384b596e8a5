import { Readable } from 'node:stream';
import type { Database } from '@locals/db/client';
import { postcodeDistricts } from '@locals/db/schema';
import { upsertPostcodes, type PostcodeRow } from '@locals/db/open-data/load';
import type { NewService } from '@locals/db/open-data/service-records';
import { upsertServices } from '@locals/db/open-data/upsert-services';

type District = typeof postcodeDistricts.$inferInsert;

/** A few real districts around Bristol and Bath, centroids rounded from the open data. */
export const DISTRICTS = {
  BS1: { outcode: 'BS1', latitude: 51.4536, longitude: -2.5927, ladName: 'Bristol, City of' },
  BS2: { outcode: 'BS2', latitude: 51.4597, longitude: -2.5759, ladName: 'Bristol, City of' },
  BS8: { outcode: 'BS8', latitude: 51.4586, longitude: -2.6143, ladName: 'Bristol, City of' },
  BA1: {
    outcode: 'BA1',
    latitude: 51.389,
    longitude: -2.36,
    ladName: 'Bath and North East Somerset',
  },
} as const;

/** Unit postcodes in BS1 and BS2 only, so BA1 stands for an area without unit postcodes. */
export const POSTCODES = {
  'BS1 4DJ': { latitude: 51.4519, longitude: -2.5967 },
  'BS1 5TR': { latitude: 51.4493, longitude: -2.5832 },
  'BS2 0JA': { latitude: 51.4614, longitude: -2.5786 },
} as const;

export async function insertDistricts(database: Database, districts: Partial<District>[]) {
  const rows = districts.map((district) => ({
    outcode: 'BS1',
    area: district.outcode?.replace(/[0-9].*$/, '') ?? 'BS',
    latitude: 51.45,
    longitude: -2.59,
    country: 'England',
    ladCode: 'E06000023',
    ladName: 'Bristol, City of',
    postcodesUsed: 100,
    ...district,
  }));
  if (rows.length > 0) await database.db.insert(postcodeDistricts).values(rows);
}

export async function insertPostcodes(database: Database, rows: PostcodeRow[]) {
  await upsertPostcodes(database, Readable.from(rows) as AsyncIterable<PostcodeRow>);
}

/** The Bristol and Bath geography most search tests stand on. */
export async function insertBristolGeography(database: Database) {
  await insertDistricts(database, Object.values(DISTRICTS));
  await insertPostcodes(
    database,
    Object.entries(POSTCODES).map(([postcode, point]) => ({
      postcode,
      ...point,
      ladCode: 'E06000023',
    })),
  );
}

/** A verified service in BS1 with everything a listing usually has; override what a test is about. */
export function aService(overrides: Partial<NewService> & { id: string }): NewService {
  const name = overrides.name ?? `Service ${overrides.id}`;
  return {
    name,
    nameOriginal: name,
    description: `${name} helps people in Bristol.`,
    fullDescription: null,
    serviceTypes: ['Advice'],
    categories: ['health'],
    verified: true,
    phones: ['0117 000 0000'],
    address: '1 Test Street, Bristol',
    postcode: 'BS1 4DJ',
    outcode: 'BS1',
    ladCode: 'E06000023',
    ladName: 'Bristol, City of',
    latitude: POSTCODES['BS1 4DJ'].latitude,
    longitude: POSTCODES['BS1 4DJ'].longitude,
    source: 'test',
    licence: 'Test licence',
    searchDocument: `${overrides.description ?? `${name} helps people in Bristol.`} ${(overrides.serviceTypes ?? ['Advice']).join(' ')}`,
    ...overrides,
  };
}

export async function insertServices(database: Database, rows: NewService[]) {
  await upsertServices(database, rows);
}
