import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from './client';
import { THESAURUS, type ThesaurusConcept } from './thesaurus';

/**
 * The thesaurus as the database uses it (migration 0026, decision 042): each concept's query in
 * `keyword_concepts`, and in every `service_search` row the concepts its text matches, as
 * number * 4 + field class (3: name, types or category; 2: main services too; 1: description).
 * A concept's number is its place in THESAURUS, so the search needs no lookup to name it.
 */

/** The number a concept's matches are stored under. */
export function conceptNumber(id: string): number {
  const number = NUMBER_BY_ID.get(id);
  if (number === undefined) throw new Error(`No thesaurus concept '${id}'`);
  return number;
}

const NUMBER_BY_ID = new Map(THESAURUS.map((concept, number) => [concept.id, number]));

/** What a concept matches: any of its phrases or service types, word for word. */
export function conceptQuery(concept: Pick<ThesaurusConcept, 'phrases' | 'serviceTypes'>): SQL {
  return phrasesQuery(conceptPhrases([...concept.phrases, ...concept.serviceTypes]));
}

function phrasesQuery(phrases: readonly string[]): SQL {
  const queries = phrases.map((phrase) => sql`phraseto_tsquery('simple', ${phrase})`);
  return sql`(${sql.join(queries, sql` || `)})`;
}

/**
 * The phrases a concept's query needs, cheapest first. Phrases that cannot change the answer
 * go: a repeat in another case ('Food bank' after 'food bank'), and a phrase that holds another
 * one whole ('community pantry' holds 'pantry': any service with the one has the other, at the
 * same positions and weights). Single words come first: an OR stops at its first match, and a
 * word needs no positions.
 */
export function conceptPhrases(phrases: readonly string[]): string[] {
  const unique = [...new Set(phrases.map((phrase) => phrase.toLowerCase().trim()))];
  const plain = (phrase: string) => /^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u.test(phrase);
  const holds = (outer: string, inner: string) =>
    outer !== inner && plain(outer) && plain(inner) && ` ${outer} `.includes(` ${inner} `);
  return unique
    .filter((phrase) => !unique.some((other) => holds(phrase, other)))
    .sort((a, b) => a.split(' ').length - b.split(' ').length);
}

/** Every lexeme of a tsquery ('food' <-> 'bank') restricted to weights ('food':A <-> 'bank':A). */
export function weighted(query: SQL, weights: 'A' | 'AB'): SQL {
  return sql`regexp_replace((${query})::text, ${LEXEME_PATTERN}, ${`'\\1':${weights}`}, 'g')::tsquery`;
}

/** A quoted lexeme in a tsquery's text; a quote inside one is doubled. */
const LEXEME_PATTERN = "'((?:[^']|'')*)'";

/**
 * Makes `keyword_concepts` hold `thesaurus` and every service_search row's concepts agree with
 * it. Nothing is written when they already agree (every start but the first after a change to
 * the thesaurus); otherwise, under a lock so that instances starting together do it once, the
 * concepts are replaced and each row whose concepts change is rewritten: about a minute at a
 * million services, once per change of the thesaurus.
 */
export async function syncKeywordConcepts(
  db: Db,
  thesaurus: readonly ThesaurusConcept[] = THESAURUS,
): Promise<void> {
  const wanted = thesaurus.map((concept, number) => ({
    number,
    id: concept.id,
    phrases: conceptPhrases([...concept.phrases, ...concept.serviceTypes]),
  }));
  if (await agrees(db, wanted)) return;
  await db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(${KEYWORD_CONCEPTS_LOCK})`);
    if (await agrees(transaction, wanted)) return;
    await transaction.execute(sql`delete from keyword_concepts`);
    for (const concept of wanted) {
      const query = phrasesQuery(concept.phrases);
      await transaction.execute(sql`
        insert into keyword_concepts (number, id, phrases, query, query_a, query_ab)
        values (${concept.number}, ${concept.id}, ${sql.param(concept.phrases)}::text[],
                ${query}, ${weighted(query, 'A')}, ${weighted(query, 'AB')})`);
    }
    await transaction.execute(sql`
      update service_search set concepts = locals_service_concepts(search_exact)
      where concepts is distinct from locals_service_concepts(search_exact)`);
  });
}

/** An advisory lock's key: 'kc' and a version, as a number no other lock here uses. */
const KEYWORD_CONCEPTS_LOCK = 727_042;

type Wanted = { number: number; id: string; phrases: string[] }[];

async function agrees(db: Db, wanted: Wanted): Promise<boolean> {
  const stored = await queryRows<{ number: number; id: string; phrases: string[] }>(
    db,
    sql`select number, id, phrases from keyword_concepts order by number`,
  );
  return (
    stored.length === wanted.length &&
    stored.every(
      (row, index) =>
        row.number === wanted[index]!.number &&
        row.id === wanted[index]!.id &&
        row.phrases.join('\n') === wanted[index]!.phrases.join('\n'),
    )
  );
}
