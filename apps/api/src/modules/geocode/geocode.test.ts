import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { reverseGeocode } from '@locals/contracts/routes/geocode';
import { searchServices } from '@locals/contracts/routes/services';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { insertBristolGeography } from '../../testing/directory-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { lookupPostcodesApi } from '../../capabilities/geocoder/postcodes-api';

describe('GET /api/geocode/reverse', () => {
  const testApp = useTestApp();
  beforeAll(async () => insertBristolGeography(testApp.database));

  const reverse = (lat: string, lng: string) =>
    aVisitor(testApp.app).call(reverseGeocode, { query: { lat, lng } });

  it.each([
    ['51.4518', '-2.5966', 'BS1 4DJ'],
    ['51.4495', '-2.5830', 'BS1 5TR'],
    ['51.4612', '-2.5790', 'BS2 0JA'],
  ])('names the nearest unit postcode to %s, %s: %s', async (lat, lng, postcode) => {
    const response = await reverse(lat, lng);

    expect(await checkReply(reverseGeocode, response, 200)).toEqual({
      postcode,
      outcode: postcode.split(' ')[0],
      areaName: 'Bristol, City of',
      precision: 'postcode',
    });
  });

  it('names the nearest district where no unit postcodes are loaded', async () => {
    const response = await reverse('51.3800', '-2.3500');

    expect(await checkReply(reverseGeocode, response, 200)).toEqual({
      postcode: 'BA1',
      outcode: 'BA1',
      areaName: 'Bath and North East Somerset',
      precision: 'district',
    });
  });

  it('answers 404 for a point more than 20 km from every district', async () => {
    const response = await reverse('50.0', '-8.5');

    expect(await checkReply(reverseGeocode, response, 404)).toEqual({
      code: 'postcode_not_found',
      message: "We couldn't find a UK postcode near your location.",
    });
  });

  // PostgreSQL's ll_to_earth refused these with an underflow, and the API answered 500.
  it.each([
    ['51.4518', '-5e-324'],
    ['49', '5e-324'],
  ])('reads lat=%s lng=%s as a point on the meridian, not an error', async (lat, lng) => {
    const response = await reverse(lat, lng);

    expect(await checkReply(reverseGeocode, response, 404)).toMatchObject({
      code: 'postcode_not_found',
    });
  });

  it.each([
    ['abc', '-2.5', 'lat must be a number'],
    ['40', '-2.5', 'That location is outside the UK'],
    ['51.4', '10', 'That location is outside the UK'],
  ])('answers 400 for lat=%s lng=%s: %s', async (lat, lng, message) => {
    const response = await reverse(lat, lng);

    expect(await checkReply(reverseGeocode, response, 400)).toMatchObject({
      code: 'validation_error',
      message,
    });
  });
});

/** A stand-in for postcodes.io on 127.0.0.1: answers from a table, or as told. */
async function startFakePostcodesApi(
  answer: (postcode: string) => { status: number; body?: unknown; delayMs?: number },
) {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const postcode = decodeURIComponent((request.url ?? '').replace(/^\/postcodes\//, ''));
    requested.push(postcode);
    const { status, body, delayMs = 0 } = answer(postcode);
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { status, error: 'Postcode not found' }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const KNOWN_TO_API = {
  'BS1 9ZZ': { latitude: 51.455, longitude: -2.59, admin_district: 'Bristol, City of' },
  'BS99 1AA': { latitude: 51.46, longitude: -2.58, admin_district: 'Bristol, City of' },
};

describe('placing a postcode with a postcodes.io-compatible service (POSTCODES_API_URL)', () => {
  let api: Awaited<ReturnType<typeof startFakePostcodesApi>>;
  // Registered first: the app below starts once the fake service has its address.
  beforeAll(async () => {
    api = await startFakePostcodesApi((postcode) => {
      if (postcode === 'BS1 8XX') return { status: 500 };
      const place = KNOWN_TO_API[postcode as keyof typeof KNOWN_TO_API];
      return place ? { status: 200, body: { status: 200, result: place } } : { status: 404 };
    });
  });
  afterAll(async () => api.close());
  const testApp = useTestApp(() => ({ env: { POSTCODES_API_URL: `${api.url}/` } }));
  beforeAll(async () => insertBristolGeography(testApp.database));

  const locate = (postcode: string) =>
    aVisitor(testApp.app).call(searchServices, { query: { postcode, distance: '5' } });

  it('uses the service for a postcode missing from the unit table', async () => {
    const response = await locate('bs19zz');

    expect((await checkReply(searchServices, response, 200)).location).toEqual({
      postcode: 'BS1 9ZZ',
      outcode: 'BS1',
      coordinates: { lat: 51.455, lng: -2.59 },
      precision: 'postcodes-api',
      areaName: 'Bristol, City of',
    });
    expect(api.requested).toContain('BS1 9ZZ');
  });

  it('takes the area name from the service when we have no district for it', async () => {
    const response = await locate('BS99 1AA');

    expect(await checkReply(searchServices, response, 200)).toMatchObject({
      location: { precision: 'postcodes-api', areaName: 'Bristol, City of' },
    });
  });

  it('does not ask the service about postcodes in the unit table, or outward codes', async () => {
    api.requested.length = 0;
    await locate('BS1 4DJ');
    await locate('BS2');

    expect(api.requested).toEqual([]);
  });

  it.each([
    ['BS1 7QQ', 'the service does not know it'],
    ['BS1 8XX', 'the service fails'],
  ])('falls back to the district centroid for %s when %s', async (postcode) => {
    const response = await locate(postcode);

    expect(await checkReply(searchServices, response, 200)).toMatchObject({
      location: { precision: 'district', coordinates: { lat: 51.4536, lng: -2.5927 } },
    });
  });

  it('answers 404 when neither the service nor a district knows the postcode', async () => {
    const response = await locate('ZZ9 9ZZ');

    expect(await checkReply(searchServices, response, 404)).toMatchObject({
      code: 'postcode_not_found',
    });
  });
});

describe('lookupPostcodesApi', () => {
  let api: Awaited<ReturnType<typeof startFakePostcodesApi>> | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('gives up after its timeout', async () => {
    api = await startFakePostcodesApi(() => ({ status: 200, body: { result: {} }, delayMs: 1000 }));

    await expect(
      lookupPostcodesApi('BS1 9ZZ', { baseUrl: api.url, timeoutMs: 100 }),
    ).rejects.toThrow(/timeout|aborted/i);
  });

  it('reads a postcode the service knows, and null for one it does not', async () => {
    api = await startFakePostcodesApi((postcode) =>
      postcode === 'SW1A 1AA'
        ? {
            status: 200,
            body: {
              result: { latitude: 51.501, longitude: -0.1416, admin_district: 'Westminster' },
            },
          }
        : { status: 404 },
    );

    await expect(lookupPostcodesApi('SW1A 1AA', { baseUrl: api.url })).resolves.toEqual({
      latitude: 51.501,
      longitude: -0.1416,
      adminDistrict: 'Westminster',
    });
    await expect(lookupPostcodesApi('SW1A 9ZZ', { baseUrl: api.url })).resolves.toBeNull();
  });
});
