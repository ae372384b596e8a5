import { formatPostcode, isFullPostcode, isOutwardCode } from '@locals/contracts/postcode';
import { normaliseWords } from '@locals/contracts/words';
import { THESAURUS, type ThesaurusConcept } from '@locals/db/thesaurus';

/**
 * One thing a keyword asks for: a thesaurus concept ('food bank', also typed 'foodbank' or
 * 'food parcels') or a plain word. A service matches a term when its text matches the word, or
 * any of the concept's phrases.
 */
export type KeywordTerm =
  { kind: 'concept'; text: string; concept: ThesaurusConcept } | { kind: 'word'; text: string };

export type ParsedKeyword = {
  /** The terms, in the order typed; empty when the keyword held only a place or filler. */
  terms: KeywordTerm[];
  /** A postcode or outward code found in the keyword, formatted ("E1 6AN", "BS1"). */
  postcode: string | null;
  /** The words left once the postcode was taken out, for place lookup and for display. */
  words: string[];
};

/**
 * Words that say nothing about the service wanted ("food bank near me", "find a dentist"). Full
 * text search drops English stop words itself; these are the ones it keeps.
 */
const FILLER_WORDS = new Set([
  'near',
  'nearby',
  'nearest',
  'me',
  'local',
  'around',
  'find',
  'need',
  'want',
  'looking',
  'where',
  'help',
  'service',
  'services',
  'please',
  'open',
  'now',
  'today',
  'uk',
]);

/**
 * Words that say what kind of place, not what it is for: 'sexual health' is not 'health', and
 * 'debt advice' is not 'advice'. A keyword search never falls back to these alone.
 */
const GENERIC_WORDS = new Set([
  'health',
  'healthcare',
  'care',
  'support',
  'advice',
  'clinic',
  'clinics',
  'centre',
  'center',
  'team',
  'group',
  'groups',
  'information',
  'nhs',
  'community',
  'free',
  'public',
  'practice',
  'general',
  'unit',
  'hub',
]);

/** A term that names something on its own: a thesaurus concept, or a word that is not generic. */
export function namesSomething(term: KeywordTerm): boolean {
  return term.kind === 'concept' || !GENERIC_WORDS.has(term.text);
}

const LONGEST_PHRASE = Math.max(
  ...THESAURUS.flatMap((c) => c.phrases.map((p) => normaliseWords(p).length)),
);

const CONCEPT_BY_PHRASE = new Map<string, ThesaurusConcept>(
  THESAURUS.flatMap((concept) =>
    concept.phrases.map((phrase) => [normaliseWords(phrase).join(' '), concept] as const),
  ),
);

export function conceptForPhrase(phrase: string): ThesaurusConcept | undefined {
  return CONCEPT_BY_PHRASE.get(normaliseWords(phrase).join(' '));
}

/** Every thesaurus phrase, normalised, with spaces removed too ('foodbank' for 'food bank'). */
export function thesaurusSpellings(): { spelling: string; phrase: string }[] {
  return [...CONCEPT_BY_PHRASE.keys()].flatMap((phrase) => {
    const joined = phrase.replaceAll(' ', '');
    return joined === phrase
      ? [{ spelling: phrase, phrase }]
      : [
          { spelling: phrase, phrase },
          { spelling: joined, phrase },
        ];
  });
}

/** A postcode in the keyword: a full one (with or without its space) or an outward code. */
function takePostcode(words: string[]): { postcode: string | null; rest: string[] } {
  for (let i = 0; i < words.length; i++) {
    const pair = words[i + 1] === undefined ? null : `${words[i]}${words[i + 1]}`;
    if (pair && isFullPostcode(pair) && !isFullPostcode(words[i] ?? '')) {
      return {
        postcode: formatPostcode(pair),
        rest: [...words.slice(0, i), ...words.slice(i + 2)],
      };
    }
    const word = words[i] ?? '';
    if (isFullPostcode(word) || (isOutwardCode(word) && /\d/.test(word))) {
      return {
        postcode: formatPostcode(word),
        rest: [...words.slice(0, i), ...words.slice(i + 1)],
      };
    }
  }
  return { postcode: null, rest: words };
}

/** Splits words into thesaurus concepts (longest phrase first) and plain words. */
export function termsOf(words: readonly string[]): KeywordTerm[] {
  const terms: KeywordTerm[] = [];
  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let length = Math.min(LONGEST_PHRASE, words.length - i); length >= 1; length--) {
      const phrase = words.slice(i, i + length).join(' ');
      const concept = CONCEPT_BY_PHRASE.get(phrase);
      if (concept) {
        // 'food bank' and 'foodbank' in one keyword ask for one thing.
        if (!terms.some((term) => term.kind === 'concept' && term.concept.id === concept.id)) {
          terms.push({ kind: 'concept', text: phrase, concept });
        }
        i += length;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const word = words[i] ?? '';
    if (
      !FILLER_WORDS.has(word) &&
      !terms.some((term) => term.kind === 'word' && term.text === word)
    ) {
      terms.push({ kind: 'word', text: word });
    }
    i += 1;
  }
  return terms;
}

export function parseKeyword(keyword: string): ParsedKeyword {
  const { postcode, rest } = takePostcode(normaliseWords(keyword));
  return { terms: termsOf(rest), postcode, words: rest };
}

/** The keyword's words as a person reads them back: "food bank", "pharmacy". */
export function describeTerms(terms: readonly KeywordTerm[]): string {
  return terms.map((term) => term.text).join(' ');
}
