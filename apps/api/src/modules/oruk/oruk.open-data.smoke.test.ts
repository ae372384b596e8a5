import { loadOpenDataOnce } from '@locals/db/open-data/load';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectValid } from '../../testing/oruk-schemas';
import { useTestApp } from '../../testing/test-app';
import { fullService } from './oruk-objects';
import { createOrukRepository } from './oruk.repository';

/** The feed made from the real open data (OPEN_DATA_DIR): real addresses, websites and emails. */
describe('the Open Referral UK feed over the real open data', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await loadOpenDataOnce(testApp.database, testApp.config.openDataDir);
  }, 180_000);

  it('publishes every listing on the first page, each valid in the list and in full', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/oruk/services' });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ total_items: number; size: number; contents: unknown[] }>();
    expect(page.total_items).toBeGreaterThan(5000);
    expect(page.size).toBe(page.total_items);
    for (const item of page.contents) expectValid('serviceList', item);

    // Every service in full from the same rows the endpoint reads; a sample through HTTP.
    const { rows } = await createOrukRepository(testApp.database.db).services(
      { categories: [] },
      { page: 1, perPage: 10_000 },
    );
    expect(rows).toHaveLength(page.total_items);
    for (const row of rows) expectValid('service', fullService(row));
    const ids = page.contents.map((item) => (item as { id: string }).id);
    for (const id of ids.filter((_id, index) => index % 500 === 0)) {
      const detail = await testApp.app.inject({ method: 'GET', url: `/api/oruk/services/${id}` });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toEqual(
        JSON.parse(JSON.stringify(fullService(rows[ids.indexOf(id)]!))),
      );
    }
  }, 120_000);
});
