import type { KeywordMatch, ServiceSummary } from '@locals/contracts/search';
import {
  conceptForPhrase,
  describeTerms,
  namesSomething,
  thesaurusSpellings,
  type KeywordTerm,
} from './keyword';
import type { KeywordSearch, SearchArea, SearchFilters, SearchPage } from './search-sql';
import type { createServicesRepository } from './services.repository';

type Directory = ReturnType<typeof createServicesRepository>;

export type KeywordResult = {
  results: ServiceSummary[];
  total: number;
  match: KeywordMatch;
  /** The category the keyword names, for ranking and for the category-gap check. */
  category: KeywordSearch['category'];
  /** The terms searched for, after spelling correction: what the national lines are matched on. */
  terms: KeywordTerm[];
  /** The filters the results match, keyword included; null when no search could match. */
  filters: SearchFilters | null;
};

const SPELLINGS = thesaurusSpellings();

/**
 * A keyword search in the order decision 011 sets out:
 * 1. words full text does not know at all are corrected to their nearest spelling (and only
 *    those: a word some service matches is never 'corrected');
 * 2. services matching every term (a thesaurus concept counts as one term);
 * 3. only when none does, services matching the terms that match something here, saying so, and
 *    only when one of those terms names something on its own (not 'health' or 'advice' alone).
 */
export async function searchByKeyword(
  directory: Directory,
  area: SearchArea,
  filters: Omit<SearchFilters, 'keyword'>,
  searched: string,
  typedTerms: readonly KeywordTerm[],
  page: SearchPage,
): Promise<KeywordResult> {
  const { terms, corrected } = await correctSpellings(directory, typedTerms);
  const concepts = terms.flatMap((term) => (term.kind === 'concept' ? [term.concept] : []));
  const intent = {
    category: concepts[0]?.category ?? null,
    serviceTypes: [...new Set(concepts.flatMap((concept) => concept.serviceTypes))],
  };
  const used = describeTerms(terms);
  const base = { searched, used, category: intent.category };
  if (terms.length === 0) {
    // Only a place, filler or stop words: the search is the plain one near that place.
    const { results, total } = await directory.search(area, filters, page);
    return {
      results,
      total,
      filters,
      terms,
      category: null,
      match: { ...base, match: 'all', matchedTerms: [], message: null },
    };
  }

  const allFilters: SearchFilters = { ...filters, keyword: { terms, mode: 'all', ...intent } };
  const all = await directory.search(area, allFilters, page);
  if (all.total > 0) {
    const message = corrected
      ? `No exact matches for '${searched}'; showing results for '${used}'`
      : null;
    return {
      ...all,
      filters: allFilters,
      terms,
      category: intent.category,
      match: {
        ...base,
        match: corrected ? 'spelling' : 'all',
        matchedTerms: terms.map((t) => t.text),
        message,
      },
    };
  }

  const matching = terms.length > 1 ? await directory.termsWithMatches(area, filters, terms) : [];
  const someTerms = terms.filter((_term, index) => matching[index]);
  // Falling back to some of the words must not change what was asked: 'food laundry' may show
  // what matches 'food', but 'sexual health' must not become 'health' and list dentists. A kept
  // term has to name something (a need the thesaurus knows, or a word that is not generic).
  if (someTerms.some(namesSomething)) {
    const someFilters: SearchFilters = {
      ...filters,
      keyword: { terms: someTerms, mode: 'any', ...intent },
    };
    const some = await directory.search(area, someFilters, page);
    const showing = someTerms.map((term) => `'${term.text}'`).join(' or ');
    return {
      ...some,
      filters: someFilters,
      terms,
      category: intent.category,
      match: {
        ...base,
        match: 'some',
        matchedTerms: someTerms.map((term) => term.text),
        message: `No exact matches for '${searched}'; showing services matching ${showing}`,
      },
    };
  }
  return {
    results: [],
    total: 0,
    filters: null,
    terms,
    category: intent.category,
    match: {
      ...base,
      match: 'none',
      matchedTerms: [],
      message: `No services here match '${searched}'`,
    },
  };
}

/**
 * Stop words are dropped; a word no service matches anywhere is replaced by its nearest
 * spelling among the words services use or the thesaurus phrases ('fodbank' -> 'food bank').
 * One statement answers every word, with its spelling when it needs one (decision 017).
 */
export async function correctSpellings(
  directory: Directory,
  typed: readonly KeywordTerm[],
): Promise<{ terms: KeywordTerm[]; corrected: boolean }> {
  const words = typed.flatMap((term) => (term.kind === 'word' ? [term.text] : []));
  const checks = new Map(
    (await directory.checkWords(words, SPELLINGS)).map((check) => [check.word, check]),
  );
  let corrected = false;
  const terms: KeywordTerm[] = [];
  for (const term of typed) {
    const check = term.kind === 'word' ? checks.get(term.text) : undefined;
    if (term.kind === 'concept' || !check || check.matchesSomething) {
      terms.push(term);
      continue;
    }
    if (!check.meaningful) continue;
    const suggestion = check.suggestion;
    const concept = suggestion?.phrase ? conceptForPhrase(suggestion.phrase) : undefined;
    if (!suggestion) {
      terms.push(term);
    } else if (concept) {
      corrected = true;
      if (!terms.some((t) => t.kind === 'concept' && t.concept.id === concept.id)) {
        terms.push({ kind: 'concept', text: suggestion.phrase ?? suggestion.word, concept });
      }
    } else {
      corrected = true;
      terms.push({ kind: 'word', text: suggestion.word });
    }
  }
  return { terms, corrected };
}
