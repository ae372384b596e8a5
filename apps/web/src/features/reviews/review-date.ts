import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';

/** Dates in en-GB form, for example "22 Nov 2026". */
export function formatReviewDate(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMM yyyy', { locale: enGB }) : value;
}

export function starsLabel(count: number): string {
  return `${count} ${count === 1 ? 'star' : 'stars'}`;
}
