import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { useTestApp, type TestApp } from '../../testing/test-app';
import { orukId } from './ids';

/**
 * Deep pages of /api/oruk/services are read from where they start, by id (decision 041): the
 * same pages offsets would give while the directory holds still, and, as services are added
 * and removed during a walk, never a service skipped or met twice that offsets would have kept.
 */

type Page = {
  total_items: number;
  total_pages: number;
  page_number: number;
  size: number;
  last_page: boolean;
  contents: { id: string }[];
};

/** p-00 ... p-29: ids in the order the feed lists them. */
const THIRTY = Array.from({ length: 30 }, (_, index) => `p-${String(index).padStart(2, '0')}`);

async function pageOf(testApp: TestApp, page: number, perPage: number): Promise<Page> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/oruk/services?page=${page}&per_page=${perPage}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const idsOf = (page: Page) => page.contents.map((item) => item.id);
const feedIds = (ids: string[]) => ids.map((id) => orukId('service', id));

function useDirectoryOfThirty() {
  const testApp = useTestApp();
  return {
    testApp,
    seed: () =>
      insertServices(
        testApp.database,
        THIRTY.map((id) => aService({ id })),
      ),
  };
}

describe('a page asked for directly', () => {
  const { testApp, seed } = useDirectoryOfThirty();

  it('is the page a walk meets there, with the same envelope', async () => {
    await seed();
    const jumped = await pageOf(testApp, 3, 4);
    const walked: Page[] = [];
    for (let page = 1; page <= 8; page += 1) walked.push(await pageOf(testApp, page, 4));
    expect(jumped).toEqual(walked[2]);
    expect(jumped).toMatchObject({ total_items: 30, total_pages: 8, page_number: 3, size: 4 });
    expect(idsOf(jumped)).toEqual(feedIds(['p-08', 'p-09', 'p-10', 'p-11']));
    expect(walked.flatMap(idsOf)).toEqual(feedIds(THIRTY));
    expect(walked.at(-1)).toMatchObject({ size: 2, last_page: true });
    expect(await pageOf(testApp, 9, 4)).toMatchObject({ size: 0, last_page: true });
  });

  it('moves as offsets would once services are added before it', async () => {
    expect(idsOf(await pageOf(testApp, 2, 10))).toEqual(feedIds(THIRTY.slice(10, 20)));
    await insertServices(testApp.database, [aService({ id: 'p-00a' })]);
    const after = await pageOf(testApp, 2, 10);
    expect(after).toMatchObject({ total_items: 31, total_pages: 4 });
    expect(idsOf(after)).toEqual(feedIds(THIRTY.slice(9, 19)));
  });
});

describe('a walk while the directory changes', () => {
  const { testApp, seed } = useDirectoryOfThirty();

  it('meets each service once when one is removed behind it and one added ahead', async () => {
    await seed();
    const seen = idsOf(await pageOf(testApp, 1, 10));
    // Offsets would now start page 2 one service later, skipping p-10.
    await testApp.database.db.execute(sql`delete from services where id = 'p-03'`);
    await insertServices(testApp.database, [aService({ id: 'p-25a' })]);
    for (let page = 2; ; page += 1) {
      const body = await pageOf(testApp, page, 10);
      seen.push(...idsOf(body));
      if (body.last_page) break;
    }
    expect(seen.sort()).toEqual(feedIds([...THIRTY, 'p-25a']).sort());
  });

  it('never sends a page more than a tenth over per_page, however many services moved', async () => {
    await pageOf(testApp, 2, 10);
    const moved = ['p-20a', 'p-20b', 'p-20c', 'p-20d', 'p-20e'];
    await testApp.database.db.execute(
      sql`delete from services where id in ('p-00', 'p-01', 'p-02', 'p-04', 'p-05')`,
    );
    await insertServices(
      testApp.database,
      moved.map((id) => aService({ id })),
    );
    const pages = [await pageOf(testApp, 2, 10), await pageOf(testApp, 3, 10)];
    expect(pages.map((page) => page.size)).toEqual([10, 10]);
    expect(pages.map((page) => page.total_items)).toEqual([30, 30]);
  });
});
