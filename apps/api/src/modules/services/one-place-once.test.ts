import { getService } from '@locals/contracts/routes/services';
import type { SearchQueryInput } from '@locals/contracts/search';
import { queryRows } from '@locals/db/client';
import type { NewService } from '@locals/db/open-data/service-records';
import { upsertServices } from '@locals/db/open-data/upsert-services';
import { services } from '@locals/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertBristolGeography, POSTCODES } from '../../testing/directory-fixtures';
import { north, resultIds, searchNearBs1 } from '../../testing/search-fixtures';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp, type TestApp } from '../../testing/test-app';

/** An NHS ODS dental practice at BS1 4DJ, as the open data has them. */
const aDentist = (record: string, overrides: Partial<NewService> = {}) =>
  aService({
    id: `ods:${record}`,
    name: 'Toynbee Street (Dental Surgery)',
    description: 'NHS dental practice.',
    searchDocument: 'NHS dental practice. Dental practice Health',
    categories: ['health'],
    serviceTypes: ['Dental practice'],
    phones: [],
    source: 'nhs-ods',
    sourceName: 'NHS ODS egdpprac (general dental practices)',
    sourceRecordId: record,
    licence: 'Open Government Licence v3.0',
    sourceUpdated: '2024-05',
    ...overrides,
  });

/** At BS1 5TR, half a mile from BS1 4DJ. */
const AT_BS1_5TR = { postcode: 'BS1 5TR', ...POSTCODES['BS1 5TR'] };

const GP = aService({
  id: 'ods:GP1',
  name: 'Harbour Surgery',
  description: 'GP practice.',
  searchDocument: 'GP practice. GP practice Health',
  serviceTypes: ['GP practice'],
  ...north(1),
});

const search = (testApp: TestApp, query: SearchQueryInput) => searchNearBs1(testApp.app, query);

async function detail(testApp: TestApp, id: string) {
  const response = await aVisitor(testApp.app).call(getService, { params: { id } });
  return (await checkReply(getService, response, 200)).data;
}

/** Each service's duplicate_of, by id. */
async function duplicates(testApp: TestApp) {
  const rows = await queryRows<{ id: string; duplicate_of: string | null }>(
    testApp.database.db,
    sql`select id, duplicate_of from services order by id`,
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.duplicate_of]));
}

/** Issue 24, item 6 (decision 028): one place, listed by two records, is one result. */
describe('two records of one dental practice', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await upsertServices(testApp.database, [
      aDentist('V02256'),
      aDentist('V21656', { name: 'TOYNBEE STREET DENTAL SURGERY' }),
      GP,
    ]);
  });

  it.each<{ how: string; query: SearchQueryInput; expected: string[] }>([
    { how: 'within a radius', query: {}, expected: ['ods:V02256', 'ods:GP1'] },
    { how: 'in a category', query: { category: 'health' }, expected: ['ods:V02256', 'ods:GP1'] },
    { how: 'in the district', query: { distance: '' }, expected: ['ods:V02256', 'ods:GP1'] },
    { how: 'by a keyword', query: { keyword: 'dental' }, expected: ['ods:V02256'] },
    {
      how: 'by a keyword in a category (service_search)',
      query: { keyword: 'dental', category: 'health' },
      expected: ['ods:V02256'],
    },
    {
      how: 'with unverified services too',
      query: { includeUnverified: 'true' },
      expected: ['ods:V02256', 'ods:GP1'],
    },
    {
      how: 'by service type',
      query: { serviceTypes: 'Dental practice' },
      expected: ['ods:V02256'],
    },
  ])('is found once $how, and counted once', async ({ query, expected }) => {
    const body = await search(testApp, query);

    expect(resultIds(body)).toEqual(expected);
    expect(body.totalResults).toBe(expected.length);
  });

  it('is counted once on a page past the end', async () => {
    const body = await search(testApp, { page: '3', pageSize: '1' });

    expect(body.results).toEqual([]);
    expect(body.totalResults).toBe(2);
  });

  it("shows the place's other source on its detail", async () => {
    const shown = await detail(testApp, 'ods:V02256');

    expect(shown.provenance).toEqual({
      source: 'nhs-ods',
      sourceName: 'NHS ODS egdpprac (general dental practices)',
      licence: 'Open Government Licence v3.0',
      lastUpdated: '2024-05',
      alsoFrom: [
        {
          source: 'nhs-ods',
          sourceName: 'NHS ODS egdpprac (general dental practices)',
          sourceRecordId: 'V21656',
          licence: 'Open Government Licence v3.0',
          lastUpdated: '2024-05',
        },
      ],
    });
    expect((await detail(testApp, 'ods:GP1')).provenance.alsoFrom).toEqual([]);
  });

  it('still answers the hidden record itself, naming the record shown', async () => {
    const hidden = await detail(testApp, 'ods:V21656');

    expect(hidden.name).toBe('TOYNBEE STREET DENTAL SURGERY');
    expect(hidden.provenance.alsoFrom?.map((other) => other.sourceRecordId)).toEqual(['V02256']);
  });
});

describe('records of different kinds with one name at one postcode', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await upsertServices(testApp.database, [
      aService({
        id: 'library:waterloo',
        name: 'Waterloo',
        categories: ['community'],
        serviceTypes: ['Public library'],
        source: 'libraries-hacked',
        ...AT_BS1_5TR,
      }),
      aService({
        id: 'givefood:waterloo',
        name: 'Waterloo',
        categories: ['food'],
        serviceTypes: ['Food bank'],
        source: 'givefood',
        ...AT_BS1_5TR,
      }),
      aService({ id: 'ods:E1', name: 'Brentfield Medical Centre', serviceTypes: ['GP practice'] }),
      aService({
        id: 'ods:V1',
        name: 'BRENTFIELD MEDICAL CENTRE',
        serviceTypes: ['Dental practice'],
      }),
    ]);
  });

  it('finds a library and a food bank that share a name and a building', async () => {
    const body = await search(testApp, {});

    expect(resultIds(body).sort()).toEqual([
      'givefood:waterloo',
      'library:waterloo',
      'ods:E1',
      'ods:V1',
    ]);
    expect(body.totalResults).toBe(4);
    expect(resultIds(await search(testApp, { keyword: 'food bank', category: 'food' }))).toEqual([
      'givefood:waterloo',
    ]);
    expect((await detail(testApp, 'givefood:waterloo')).provenance.alsoFrom).toEqual([]);
  });

  it('never hides a record of a kind the shown one is not', async () => {
    // A GP practice that also lists a dental practice: the plain GP record is of no kind it
    // lacks, so it stands aside for it; the other way round would hide a dentist.
    await upsertServices(testApp.database, [
      aService({
        id: 'ods:E2',
        name: 'Brentfield Medical Centre',
        serviceTypes: ['GP practice', 'Dental practice'],
        email: 'reception@example.org',
      }),
    ]);
    expect(await duplicates(testApp)).toMatchObject({
      'ods:E1': 'ods:E2',
      'ods:E2': null,
      'ods:V1': 'ods:E2',
    });

    // Ranked below the plain records (unverified), it hides neither of them.
    await upsertServices(testApp.database, [
      aService({
        id: 'ods:E2',
        name: 'Brentfield Medical Centre',
        serviceTypes: ['GP practice', 'Dental practice'],
        verified: false,
      }),
    ]);
    expect(await duplicates(testApp)).toMatchObject({
      'ods:E1': null,
      'ods:E2': null,
      'ods:V1': null,
    });
  });
});

describe('which record of a place is shown', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
  });

  it('is the verified one, then the one with most contact fields, then the smallest id', async () => {
    await upsertServices(testApp.database, [
      aDentist('A', {
        verified: false,
        phones: ['0117 000 0001'],
        email: 'a@example.org',
        website: 'https://a.example.org',
      }),
      aDentist('B', { phones: ['0117 000 0002'] }),
      aDentist('C', { phones: ['0117 000 0003'], email: 'c@example.org' }),
      aDentist('D', { phones: ['0117 000 0004'], website: 'https://d.example.org' }),
    ]);

    expect(await duplicates(testApp)).toEqual({
      'ods:A': 'ods:C',
      'ods:B': 'ods:C',
      'ods:C': null,
      'ods:D': 'ods:C',
    });
    expect(resultIds(await search(testApp, { includeUnverified: 'true' }))).toEqual(['ods:C']);
    expect(
      (await detail(testApp, 'ods:C')).provenance.alsoFrom?.map((other) => other.sourceRecordId),
    ).toEqual(['A', 'B', 'D']);
  });

  it('reads names as people write them: case, punctuation, apostrophes, & and saint', async () => {
    const names = await queryRows<{ a: string; b: string }>(
      testApp.database.db,
      sql`select locals_place_name('St Luke’s Hospice & Day-Care') as a,
                 locals_place_name('SAINT LUKES HOSPICE AND DAY CARE') as b`,
    );
    expect(names).toEqual([{ a: 'st lukes hospice day care', b: 'st lukes hospice day care' }]);
  });

  it('never merges a demo listing with a real record', async () => {
    await upsertServices(testApp.database, [
      aDentist('demo1', { id: 'demo:toynbee', source: 'demo', verified: true }),
    ]);

    expect((await duplicates(testApp))['demo:toynbee']).toBeNull();
  });

  it('is settled again when a write sets duplicate_of itself', async () => {
    await testApp.database.db
      .update(services)
      .set({ duplicateOf: null })
      .where(eq(services.id, 'ods:B'));
    await testApp.database.db
      .update(services)
      .set({ duplicateOf: 'ods:B' })
      .where(eq(services.id, 'ods:C'));

    expect(await duplicates(testApp)).toMatchObject({ 'ods:B': 'ods:C', 'ods:C': null });
  });
});

describe('a place whose records change', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await upsertServices(testApp.database, [aDentist('V02256'), aDentist('V21656')]);
  });

  const dentalIds = async () =>
    resultIds(await search(testApp, { keyword: 'dental', category: 'health' }));
  /** service_search's ids: it holds rows for shown records only. */
  const searchRows = async () =>
    (
      await queryRows<{ id: string }>(
        testApp.database.db,
        sql`select id from service_search order by id`,
      )
    ).map((row) => row.id);

  it('splits in two when an import renames one record, and joins again when it is renamed back', async () => {
    expect(await dentalIds()).toEqual(['ods:V02256']);
    expect(await searchRows()).toEqual(['ods:V02256']);

    await upsertServices(testApp.database, [
      aDentist('V21656', { name: 'Toynbee Street Orthodontics' }),
    ]);
    expect(await dentalIds()).toEqual(['ods:V02256', 'ods:V21656']);
    expect((await search(testApp, { category: 'health' })).totalResults).toBe(2);
    expect(await searchRows()).toEqual(['ods:V02256', 'ods:V21656']);
    expect((await detail(testApp, 'ods:V02256')).provenance.alsoFrom).toEqual([]);

    await upsertServices(testApp.database, [aDentist('V21656')]);
    expect(await dentalIds()).toEqual(['ods:V02256']);
    expect(await searchRows()).toEqual(['ods:V02256']);
  });

  it('splits when a provider moves one to another postcode, and joins when it moves back', async () => {
    await testApp.database.db.update(services).set(AT_BS1_5TR).where(eq(services.id, 'ods:V02256'));
    expect((await dentalIds()).sort()).toEqual(['ods:V02256', 'ods:V21656']);

    await testApp.database.db
      .update(services)
      .set({ postcode: 'BS1 4DJ', ...POSTCODES['BS1 4DJ'] })
      .where(eq(services.id, 'ods:V02256'));
    expect(await dentalIds()).toEqual(['ods:V02256']);
  });

  it('shows the other record when the shown one is removed', async () => {
    await testApp.database.db.delete(services).where(eq(services.id, 'ods:V02256'));

    expect(await dentalIds()).toEqual(['ods:V21656']);
    expect(await searchRows()).toEqual(['ods:V21656']);
    expect(await duplicates(testApp)).toEqual({ 'ods:V21656': null });
  });
});
