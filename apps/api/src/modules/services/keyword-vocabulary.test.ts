import type { SearchQueryInput } from '@locals/contracts/search';
import { queryRows } from '@locals/db/client';
import { upsertServices } from '@locals/db/open-data/upsert-services';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { north, resultIds, searchNearBs1 } from '../../testing/search-fixtures';
import { useTestApp } from '../../testing/test-app';
import { parseKeyword, thesaurusSpellings } from './keyword';
import { conceptPhrases } from '@locals/db/keyword-concepts';
import { fieldClass, searchStatement } from './search-sql';
import { createServicesRepository } from './services.repository';
import { THESAURUS } from '@locals/db/thesaurus';

const SERVICES = [
  aService({
    id: 'pharmacy',
    name: 'Harbour Pharmacy',
    description: 'Community pharmacy: prescriptions and medicines advice.',
    serviceTypes: ['Pharmacy'],
    ...north(0.2),
  }),
  aService({
    id: 'pharmacie',
    name: 'La Pharmacie',
    description: 'A cafe in an old shop.',
    serviceTypes: ['Cafe'],
    categories: ['welcomespaces'],
    ...north(0.1),
  }),
  aService({
    id: 'foodbank',
    name: 'Central Foodbank',
    description: 'Emergency food parcels.',
    categories: ['food'],
    serviceTypes: ['Food bank'],
    ...north(1),
  }),
  aService({
    id: 'pantry',
    name: 'Riverside Community Pantry',
    description: 'Low-cost food for members, near the food bank.',
    categories: ['food'],
    serviceTypes: ['Community pantry'],
    ...north(2),
  }),
];

/**
 * Decision 017: whether a keyword word matches anything is answered from a vocabulary of the
 * lexemes services use, typos are corrected against the words services use, and both stay true
 * to the services as they are written, renamed and removed.
 */
describe('keyword vocabulary (issue 13, decision 017)', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, SERVICES);
  });

  const search = (query: SearchQueryInput) => searchNearBs1(testApp.app, query);
  const vocabulary = async () => {
    const words = await queryRows<{ word: string }>(
      testApp.database.db,
      sql`select word from search_words`,
    );
    const lexemes = await queryRows<{ lexeme: string }>(
      testApp.database.db,
      sql`select lexeme from search_lexemes`,
    );
    return { words: words.map((row) => row.word), lexemes: lexemes.map((row) => row.lexeme) };
  };
  const checkWords = (words: string[]) =>
    createServicesRepository(testApp.database.db).checkWords(words, thesaurusSpellings());

  it('holds the stemmed lexemes and the plain words of what services are', async () => {
    const { words, lexemes } = await vocabulary();

    expect(lexemes).toEqual(expect.arrayContaining(['pharmaci', 'foodbank', 'pantri']));
    expect(words).toEqual(expect.arrayContaining(['pharmacy', 'pharmacie', 'pantry']));
  });

  it('answers every word in one check: known, a stop word, or unknown with its nearest spelling', async () => {
    expect(await checkWords(['pharmacies', 'the', 'pharmasy', 'zzzz'])).toEqual([
      { word: 'pharmacies', meaningful: true, matchesSomething: true, suggestion: null },
      { word: 'the', meaningful: false, matchesSomething: false, suggestion: null },
      {
        word: 'pharmasy',
        meaningful: true,
        matchesSomething: false,
        suggestion: { word: 'pharmacy', phrase: 'pharmacy' },
      },
      { word: 'zzzz', meaningful: true, matchesSomething: false, suggestion: null },
    ]);
  });

  it('never widens a word with an exact match by similar spellings', async () => {
    const body = await search({ keyword: 'pharmacy' });

    expect(body.keyword).toMatchObject({ used: 'pharmacy', match: 'all', message: null });
    expect(resultIds(body)).toEqual(['pharmacy']);
  });

  it('corrects a misspelt word to a word services use, and says so', async () => {
    const body = await search({ keyword: 'pharmasy' });

    expect(body.keyword).toMatchObject({ used: 'pharmacy', match: 'spelling' });
    expect(resultIds(body)).toEqual(['pharmacy']);
  });

  it('makes a newly imported service searchable and its words correctable', async () => {
    expect((await search({ keyword: 'trampoline' })).keyword?.match).toBe('none');

    await upsertServices(testApp.database, [
      aService({
        id: 'trampoline',
        name: 'Bristol Trampoline Club',
        description: 'Trampolining for all ages.',
        categories: ['sport'],
        serviceTypes: ['Sports club'],
        ...north(3),
      }),
    ]);

    const exact = await search({ keyword: 'trampoline' });
    const misspelt = await search({ keyword: 'trampolene' });
    expect(exact.keyword).toMatchObject({ match: 'all' });
    expect(resultIds(exact)).toEqual(['trampoline']);
    expect(misspelt.keyword).toMatchObject({ used: 'trampoline', match: 'spelling' });
    expect(resultIds(misspelt)).toEqual(['trampoline']);
  });

  it('forgets a word when its last service is renamed or removed, and only then', async () => {
    await upsertServices(testApp.database, [
      aService({
        id: 'trampoline',
        name: 'Bristol Gymnastics Club',
        description: 'Gymnastics for all ages.',
        categories: ['sport'],
        serviceTypes: ['Sports club'],
        ...north(3),
      }),
    ]);
    const renamed = await vocabulary();
    expect(renamed.words).not.toContain('trampoline');
    expect(renamed.lexemes).not.toContain('trampolin');
    expect(renamed.words).toContain('gymnastics');
    // Words the service still uses stay.
    expect(renamed.words).toContain('club');

    await testApp.database.db.execute(sql`delete from services where id = 'trampoline'`);
    const removed = await vocabulary();
    expect(removed.words).not.toContain('gymnastics');
    expect(removed.lexemes).not.toContain('gymnast');
    expect(removed.words).toEqual(expect.arrayContaining(['pharmacy', 'pantry']));
    expect((await checkWords(['gymnastics']))[0]?.matchesSomething).toBe(false);
  });

  it('a word the vocabulary lacks is still asked of the services', async () => {
    // As if a concurrent write had lost the lexeme: the check falls back to the services.
    await testApp.database.db.execute(sql`delete from search_lexemes where lexeme = 'pharmaci'`);

    expect((await checkWords(['pharmacy']))[0]?.matchesSomething).toBe(true);
    await testApp.database.db.execute(sql`insert into search_lexemes values ('pharmaci')`);
  });

  it("'food bank', typed or misspelt, still finds food banks and pantries", async () => {
    const typed = await search({ keyword: 'food bank' });
    const misspelt = await search({ keyword: 'fodbank' });

    expect(resultIds(typed)).toEqual(['foodbank', 'pantry']);
    expect(misspelt.keyword).toMatchObject({ used: 'food bank', match: 'spelling' });
    expect(resultIds(misspelt)).toEqual(['foodbank', 'pantry']);
  });
});

describe('the keyword statement (decision 017)', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, SERVICES);
  });

  it('gives each match the distance earth_distance gives, to the bit', async () => {
    const origin = { latitude: 51.4519, longitude: -2.5967 };
    const terms = parseKeyword('food').terms;
    const rows = await queryRows<{ id: string; metres: number }>(
      testApp.database.db,
      searchStatement(
        { kind: 'radius', ...origin, radiusMetres: 16093.44 },
        {
          serviceTypes: [],
          includeUnverified: false,
          keyword: { terms, mode: 'all', category: null, serviceTypes: [] },
        },
        { limit: 10, offset: 0 },
      ),
    );
    const expected = await queryRows<{ id: string; metres: number }>(
      testApp.database.db,
      sql`select id, earth_distance(ll_to_earth(${origin.latitude}::float8, ${origin.longitude}::float8),
                                    ll_to_earth(latitude, longitude)) as metres
          from services where id = any(${sql.param(rows.map((row) => row.id))}::text[])`,
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.metres]))).toEqual(
      Object.fromEntries(expected.map((row) => [row.id, row.metres])),
    );
  });

  it("classes fields with weighted queries exactly as ts_filter's copies did", async () => {
    const queries = [
      sql`phraseto_tsquery('simple', 'food bank') || phraseto_tsquery('simple', 'pantry')`,
      sql`phraseto_tsquery('simple', 'community pantry')`,
      sql`plainto_tsquery('english', 'pharmacy') && plainto_tsquery('english', 'advice')`,
      sql`plainto_tsquery('english', 'food')`,
    ];
    for (const query of queries) {
      for (const vector of [sql`s.search`, sql`s.search_exact`]) {
        const rows = await queryRows<{ id: string; weighted: string; filtered: string }>(
          testApp.database.db,
          sql`select s.id, ${fieldClass(vector, query)}::text as weighted,
                (case when ts_filter(${vector}, '{a}') @@ (${query}) then 1.0
                      when ts_filter(${vector}, '{a,b}') @@ (${query}) then 0.6
                      when ${vector} @@ (${query}) then 0.3 else 0 end)::text as filtered
              from services s`,
        );
        for (const row of rows) expect(row.weighted, row.id).toBe(row.filtered);
      }
    }
  });

  it("keeps a concept's phrases that can change the answer, single words first", () => {
    const foodBank = THESAURUS.find((concept) => concept.id === 'food-bank')!;

    const phrases = conceptPhrases([...foodBank.phrases, ...foodBank.serviceTypes]);
    expect(phrases).toContain('food bank');
    expect(phrases).not.toContain('community pantry'); // 'pantry' finds every one
    expect(new Set(phrases).size).toBe(phrases.length); // 'Food bank' once
    expect(phrases.slice(0, 2)).toEqual(['foodbank', 'foodbanks']);
    expect(conceptPhrases(['walk-in centre', 'walk-in'])).toEqual(['walk-in', 'walk-in centre']);
  });
});
