/**
 * A text's words as search reads them: lower case, apostrophes dropped ("don't" is "dont"),
 * punctuation and hyphens as spaces ('Walk-in' and 'walk in' are one phrase). Shared by keyword
 * search (the API) and the crisis words (both sides), so both read what was typed alike.
 */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}
