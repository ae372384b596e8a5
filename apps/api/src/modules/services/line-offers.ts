import type { CategoryId } from '@locals/contracts/categories';
import { detectCrisis } from '@locals/contracts/crisis';
import type { Db } from '@locals/db/client';
import {
  createHelplinesRepository,
  offerLines,
  type LineOffer,
  type SearchSituation,
  type TermQuery,
} from '../helplines';
import { normaliseWords } from '@locals/contracts/words';
import type { KeywordTerm } from './keyword';

export type LineQuestion = {
  /** The keyword as typed, for the crisis words; null without one. */
  keyword: string | null;
  /** The keyword's words once the place was taken out, as typed. */
  words: readonly string[];
  /** Its terms after spelling correction, as service search used them. */
  terms: readonly KeywordTerm[];
  /** The category asked for; without one, the category the keyword names (its first need). */
  category: CategoryId | null;
  /** The searched postcode's district, for the nation; null when not known. */
  outcode: string | null;
  situation: SearchSituation;
};

const NO_LINES: LineOffer = { crisis: null, helplines: [], placement: null, notice: null };

/**
 * The national lines a search offers (decision 027), read with the same words, stemming and
 * spelling correction as the service search: crisis words first, then lines whose need words,
 * name or description fit the keyword, for the searcher's nation.
 */
export function createLineOffers(db: Db) {
  const lines = createHelplinesRepository(db);
  return async function offer(question: LineQuestion): Promise<LineOffer> {
    const { keyword, terms, situation } = question;
    const hasNeed = terms.length > 0;
    if (!keyword && situation.covered && !situation.categoryGap) return NO_LINES;
    const crisis =
      keyword === null
        ? null
        : (detectCrisis(keyword) ?? detectCrisis(terms.map((t) => t.text).join(' ')));
    const searched = [...question.words, ...terms.flatMap(spellingsOf)].join(' , ');
    const [all, fits, nation] = await Promise.all([
      lines.all(),
      hasNeed
        ? lines.fits(question.words.join(' '), searched, terms.map(termQuery))
        : Promise.resolve([]),
      question.outcode ? lines.nationOf(question.outcode) : Promise.resolve(null),
    ]);
    return offerLines({
      lines: all,
      fits,
      nation,
      crisis,
      category:
        question.category ??
        terms.find((term) => term.kind === 'concept')?.concept.category ??
        null,
      need: hasNeed ? terms.map((term) => term.text).join(' ') : null,
      situation,
    });
  };
}

/**
 * A term's text, and for a thesaurus concept its phrases that are the same words spaced
 * differently ('foodbank' is also 'food bank'), never its synonyms: 'lonely' shares a concept
 * with 'carers', and a carers' line is not what a lonely person asked for.
 */
function spellingsOf(term: KeywordTerm): string[] {
  if (term.kind === 'word') return [term.text];
  const joined = term.text.replaceAll(' ', '');
  const variants = term.concept.phrases.filter(
    (phrase) => normaliseWords(phrase).join('') === joined,
  );
  return [...new Set([term.text, ...variants])];
}

function termQuery(term: KeywordTerm): TermQuery {
  return term.kind === 'word'
    ? { kind: 'word', text: term.text }
    : { kind: 'phrases', phrases: spellingsOf(term) };
}
