/** Card descriptions stop at 150 characters. */
export const DESCRIPTION_LIMIT = 150;
/** Cards show at most 2 phone numbers and 5 hearts. */
export const CARD_PHONE_LIMIT = 2;
export const HEART_LIMIT = 5;

export function truncateDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
