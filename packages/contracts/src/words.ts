/**
 * Negations people type without their apostrophe (or with it): read in full, so "cant cope"
 * means what "cannot cope" means. Left as "cant", spelling correction read it as "can" and
 * turned "i cant cope" into a search for "can cope", which offered no line at all.
 */
const NEGATIONS: Readonly<Record<string, readonly string[]>> = {
  cant: ['cannot'],
  dont: ['do', 'not'],
  doesnt: ['does', 'not'],
  didnt: ['did', 'not'],
  wont: ['will', 'not'],
  isnt: ['is', 'not'],
  arent: ['are', 'not'],
  wasnt: ['was', 'not'],
  havent: ['have', 'not'],
  hasnt: ['has', 'not'],
  couldnt: ['could', 'not'],
  wouldnt: ['would', 'not'],
  shouldnt: ['should', 'not'],
};

/**
 * A text's words as search reads them: lower case, apostrophes dropped, negations in full
 * ("don't" and "dont" are "do not"), punctuation and hyphens as spaces ('Walk-in' and 'walk in'
 * are one phrase). Shared by keyword search (the API) and the crisis words (both sides), so
 * both read what was typed alike.
 */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .flatMap((word) => NEGATIONS[word] ?? [word]);
}
