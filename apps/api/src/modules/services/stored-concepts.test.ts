import { queryRows, type Database } from '@locals/db/client';
import { conceptQuery, syncKeywordConcepts } from '@locals/db/keyword-concepts';
import { THESAURUS } from '@locals/db/thesaurus';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { north, resultIds, searchNearBs1 } from '../../testing/search-fixtures';
import { useTestApp } from '../../testing/test-app';
import { fieldClass } from './search-sql';

/** Services whose text names concepts in each field class: name, types, description. */
const SERVICES = [
  aService({
    id: 'foodbank-name',
    name: 'Central Foodbank',
    description: 'Open on Tuesdays.',
    categories: ['food'],
    serviceTypes: ['Advice'],
    ...north(1),
  }),
  aService({
    id: 'pantry-type',
    name: 'Riverside Members Shop',
    description: 'Low-cost groceries.',
    categories: ['food', 'welcomespaces'],
    serviceTypes: ['Community pantry'],
    ...north(2),
  }),
  aService({
    id: 'parcels-description',
    name: 'St Mark’s Church',
    description: 'Emergency food parcels on Fridays; a GP surgery next door.',
    categories: ['food'],
    ...north(3),
  }),
  aService({
    id: 'nothing',
    name: 'Harbour Walks',
    description: 'Weekly walks along the harbour.',
    categories: ['sport'],
    ...north(1.5),
  }),
];

type Stored = { id: string; category: string; concepts: number[] };

async function storedRows(database: Database) {
  const rows = await queryRows<Stored>(
    database.db,
    sql`select id, category, concepts from service_search order by id, category`,
  );
  return rows.map((row) => ({ ...row, concepts: row.concepts.map(Number) }));
}

/**
 * Issue 31 (decision 042): a keyword in a category tests the concepts kept with each row of
 * `service_search`, so they must always say what the thesaurus's queries would.
 */
describe('concepts stored with the search table (issue 31)', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, SERVICES);
  });

  it("stores for every row exactly the concepts, and field classes, the thesaurus's queries give", async () => {
    for (const [number, concept] of THESAURUS.entries()) {
      const rows = await queryRows<{ id: string; live: string; stored: string }>(
        testApp.database.db,
        sql`select s.id,
              ${fieldClass(sql`s.search_exact`, conceptQuery(concept))}::text as live,
              (case when r.concepts @> array[${number * 4 + 3}]::smallint[] then 1.0
                    when r.concepts @> array[${number * 4 + 2}]::smallint[] then 0.6
                    when r.concepts @> array[${number * 4 + 1}]::smallint[] then 0.3
                    else 0 end)::text as stored
            from service_search r join services s on s.id = r.id`,
      );
      for (const row of rows) expect(row.stored, `${concept.id} on ${row.id}`).toBe(row.live);
    }
    const byId = new Map((await storedRows(testApp.database)).map((row) => [row.id, row]));
    const foodBank = THESAURUS.findIndex((concept) => concept.id === 'food-bank');
    expect(byId.get('foodbank-name')?.concepts).toContain(foodBank * 4 + 3);
    expect(byId.get('pantry-type')?.concepts).toContain(foodBank * 4 + 3);
    expect(byId.get('parcels-description')?.concepts).toContain(foodBank * 4 + 1);
    expect(byId.get('nothing')?.concepts).toEqual([]);
  });

  it('finds a concept in a category by its stored matches: its service types, then by field', async () => {
    const reply = await searchNearBs1(testApp.app, { keyword: 'food bank', category: 'food' });
    expect(resultIds(reply)).toEqual(['pantry-type', 'foodbank-name', 'parcels-description']);
  });

  it('keeps the concepts of a service that is written again, and of one written anew', async () => {
    await insertServices(testApp.database, [
      { ...SERVICES[3]!, description: 'Weekly walks, then a free food bank at the cafe.' },
      aService({ id: 'new-gp', name: 'Harbour GP Surgery', categories: ['health'], ...north(1) }),
    ]);
    const byId = new Map((await storedRows(testApp.database)).map((row) => [row.id, row]));
    const foodBank = THESAURUS.findIndex((concept) => concept.id === 'food-bank');
    const gp = THESAURUS.findIndex((concept) => concept.id === 'gp');
    expect(byId.get('nothing')?.concepts).toContain(foodBank * 4 + 1);
    expect(byId.get('new-gp')?.concepts).toContain(gp * 4 + 3);
  });

  it('recomputes the rows when the thesaurus changes, and again when it changes back', async () => {
    const foodBank = THESAURUS.findIndex((concept) => concept.id === 'food-bank');
    const gp = THESAURUS.findIndex((concept) => concept.id === 'gp');
    const before = await storedRows(testApp.database);
    const walks = (rows: Stored[]) => rows.find((row) => row.id === 'nothing')?.concepts;
    expect(walks(before)).toContain(foodBank * 4 + 1);

    // A phrase more: 'Harbour Walks' now names a food bank in its name.
    const widened = THESAURUS.map((concept) =>
      concept.id === 'food-bank'
        ? { ...concept, phrases: [...concept.phrases, 'harbour'] }
        : concept,
    );
    await syncKeywordConcepts(testApp.database.db, widened);
    expect(walks(await storedRows(testApp.database))).toContain(foodBank * 4 + 3);

    // A concept fewer: every later concept moves up one place.
    await syncKeywordConcepts(
      testApp.database.db,
      THESAURUS.filter((_, number) => number !== foodBank),
    );
    const shifted = await storedRows(testApp.database);
    expect(shifted.find((row) => row.id === 'new-gp')?.concepts).toContain(
      (gp > foodBank ? gp - 1 : gp) * 4 + 3,
    );
    expect(shifted.find((row) => row.id === 'foodbank-name')?.concepts).toEqual([]);

    await syncKeywordConcepts(testApp.database.db, THESAURUS);
    expect(await storedRows(testApp.database)).toEqual(before);
  });
});
