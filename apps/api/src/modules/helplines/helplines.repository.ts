import type { Db } from '@locals/db/client';
import { queryRows } from '@locals/db/client';
import { type HelplineRow } from '@locals/db/helplines';
import { helplines } from '@locals/db/directory-schema';
import { NATIONS, type Nation } from '@locals/contracts/helplines';
import { asc, sql, type SQL } from 'drizzle-orm';

/** How well a line fits the words searched (decision 027). */
export type LineFit = {
  id: string;
  /** How many of the words searched (stemmed) the line's matching need phrases cover. */
  needCover: number;
  /** The most words of one need phrase found, as a phrase, in the words searched. */
  longestNeed: number;
  /** Every term searched matches the line's name, description or need words. */
  allTerms: boolean;
  /** How many words (stemmed, stop words left out) the person typed. */
  typedWords: number;
};

/** A term as full text search asks for it: one word, or any of a concept's phrases. */
export type TermQuery = { kind: 'word'; text: string } | { kind: 'phrases'; phrases: string[] };

/** Lower case, anything not a letter or digit a space: 'self-harm' and 'self harm' are one. */
const normalised = (column: SQL) =>
  sql`regexp_replace(lower(${column}), '[^[:alnum:]]+', ' ', 'g')`;

function tsquery(term: TermQuery): SQL {
  if (term.kind === 'word') return sql`plainto_tsquery('english', ${term.text}::text)`;
  return sql.join(
    term.phrases.map((phrase) => sql`phraseto_tsquery('english', ${phrase}::text)`),
    sql` || `,
  );
}

export function createHelplinesRepository(db: Db) {
  return {
    async all(): Promise<HelplineRow[]> {
      return db.select().from(helplines).orderBy(asc(helplines.position));
    },

    /**
     * Each line's fit to the words searched, stemmed as service search stems them ('debts' is
     * 'debt', 'depressed' is 'depression'): a need phrase counts when all its words are in the
     * search, in order ('want to die' in 'i want to die'); `allTerms` when every term is found
     * somewhere in the line's name, description or need words. 17 rows: one statement.
     */
    async fits(typed: string, searched: string, terms: readonly TermQuery[]): Promise<LineFit[]> {
      // A term that is only stop words ('to') asks nothing; at least one term must ask something.
      const allTerms =
        terms.length === 0
          ? sql`false`
          : sql`(${sql.join(
              terms.map((term) => sql`numnode(${tsquery(term)}) > 0`),
              sql` or `,
            )}) and ${sql.join(
              terms.map(
                (term) => sql`(numnode(${tsquery(term)}) = 0 or h.document @@ (${tsquery(term)}))`,
              ),
              sql` and `,
            )}`;
      return queryRows<LineFit>(
        db,
        sql`with q as (select to_tsvector('english', ${searched}::text) as v,
                              length(to_tsvector('english', ${typed}::text)) as typed),
                 h as (
                   select id, position, need_words,
                          to_tsvector('english', ${normalised(sql`organisation || ' ' || service || ' ' || helps_with || ' ' || array_to_string(need_words, ' ')`)}) as document
                   from helplines)
            select h.id, q.typed as "typedWords", fit."needCover", fit."longestNeed",
                   (${allTerms}) as "allTerms"
            from h, q, lateral (
              select count(distinct lexeme)::int as "needCover",
                     coalesce(max(length(to_tsvector('english', m.phrase))), 0)::int as "longestNeed"
              from (
                select w.phrase from (select ${normalised(sql`need`)} as phrase from unnest(h.need_words) as need) as w
                where numnode(phraseto_tsquery('english', w.phrase)) > 0
                  and q.v @@ phraseto_tsquery('english', w.phrase)
              ) as m
              left join lateral unnest(tsvector_to_array(to_tsvector('english', m.phrase))) as lexeme on true
            ) as fit
            order by h.position`,
      );
    },

    /** The nation of a postcode district ('England', 'Scotland', ...); null when not known. */
    async nationOf(outcode: string): Promise<Nation | null> {
      const [row] = await queryRows<{ country: string }>(
        db,
        sql`select country from postcode_districts where outcode = ${outcode}`,
      );
      const country = row?.country;
      return NATIONS.find((nation) => nation === country) ?? null;
    },
  };
}
