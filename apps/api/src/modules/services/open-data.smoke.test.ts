import { SearchResponseSchema } from '@locals/contracts/search';
import { loadOpenDataOnce } from '@locals/db/open-data/load';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

/** The one API test on the real shared open data (OPEN_DATA_DIR): slow to load, so loaded once. */
describe('search over the real open data', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    await loadOpenDataOnce(testApp.database, testApp.config.openDataDir);
  }, 180_000);
  afterAll(async () => testApp.close());

  async function search(query: Record<string, string>) {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/HealthServices/search-new', query });
    expect(response.statusCode, response.body).toBe(200);
    return SearchResponseSchema.parse(response.json());
  }

  it('finds GP practices and pharmacies within 5 miles of BS1 4DJ, nearest first', async () => {
    const body = await search({ postcode: 'BS1 4DJ', distance: '5', pageSize: '1000' });

    const types = new Set(body.results.flatMap((service) => service.serviceTypes));
    expect(types).toContain('GP practice');
    expect(types).toContain('Pharmacy');
    expect(body.location).toMatchObject({ precision: 'postcode', areaName: 'Bristol, City of' });
    const miles = body.results.map((service) => service.distanceMiles ?? Number.NaN);
    expect(miles.every((value, index) => index === 0 || value >= miles[index - 1]!)).toBe(true);
    expect(Math.max(...miles)).toBeLessThanOrEqual(5);
    expect(body.totalResults).toBe(body.results.length);
    expect(body.totalResults).toBeGreaterThan(50);
  });

  it('finds pharmacies by a misspelt keyword near a London postcode', async () => {
    const body = await search({ postcode: 'SW1A 1AA', distance: '5', keyword: 'pharmcy' });

    expect(body.totalResults).toBeGreaterThan(10);
    expect(body.results.every((service) => service.serviceTypes.includes('Pharmacy'))).toBe(true);
  });

  it('finds the demo food banks by keyword typed as one word', async () => {
    const body = await search({ keyword: 'fodbank', includeUnverified: 'true' });

    expect(body.totalResults).toBeGreaterThan(0);
    expect(body.results[0]?.name).toMatch(/food bank/i);
  });

  it('shows a known practice in full', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/services/ods:F82625' });

    expect(response.json()).toMatchObject({
      success: true,
      data: { name: 'Abbey Medical Centre', areaName: 'Barking and Dagenham' },
    });
  });
});
