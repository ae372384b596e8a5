/**
 * NHS ODS publishes names and addresses in upper case ("ABBEY MEDICAL CENTRE, 1 HARPOUR ROAD").
 * Shouting is hard to read, so we show a tidied copy and keep the original beside it.
 */
const KEEP_UPPER = new Set([
  'NHS',
  'GP',
  'GPS',
  'UK',
  'PCN',
  'ICB',
  'CCG',
  'HIV',
  'A&E',
  'PLC',
  'LLP',
  'CIC',
  'UCC',
  'UTC',
  'OOH',
  'WIC',
  'BBC',
  'YMCA',
  'ILS',
  'HMP',
  'II',
  'III',
  'IV',
  'MRI',
  'NW',
  'SE',
  'SW',
  'NE',
  'ADHD',
  'MH',
  'LD',
  'CMHT',
  'IAPT',
  'CAMHS',
  'CGL',
  'CRI',
]);
const KEEP_LOWER = new Set([
  'and',
  'of',
  'the',
  'at',
  'on',
  'in',
  'for',
  'upon',
  'by',
  'with',
  'to',
]);

function capitalise(word: string): string {
  // Handles O'NEILL -> O'Neill and ST.JOHNS -> St.Johns; but ST JOHN'S keeps a lower-case 's'.
  return word
    .toLowerCase()
    .replace(
      /(^|[^a-z'’])([a-z])|(['’])([a-z]{2,})/g,
      (_match, lead: string, letter: string | undefined, quote: string, rest: string) =>
        letter
          ? `${lead}${letter.toUpperCase()}`
          : `${quote}${rest.charAt(0).toUpperCase()}${rest.slice(1)}`,
    );
}

function tidyWord(word: string, isFirst: boolean): string {
  const bare = word.replace(/[(),.]/g, '');
  if (KEEP_UPPER.has(bare)) return word;
  // Postcode-like or code-like tokens with digits stay as they are ("1A", "N1", "E17").
  if (/\d/.test(bare) && /^[A-Z0-9]+$/.test(bare)) return word;
  const lower = word.toLowerCase();
  if (!isFirst && KEEP_LOWER.has(lower)) return lower;
  return capitalise(word);
}

/** Title-cases text that is entirely upper case; leaves mixed-case text alone. */
export function tidyUpperCase(text: string): string {
  if (text !== text.toUpperCase()) return text;
  return text
    .split(/(\s+|,\s*|-)/)
    .map((part, index, parts) => {
      if (/^(\s+|,\s*|-)$/.test(part) || part === '') return part;
      const previous = parts.slice(0, index).join('');
      const isFirst = previous.trim() === '' || /,\s*$/.test(previous);
      return tidyWord(part, isFirst);
    })
    .join('');
}
