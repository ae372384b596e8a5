import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';

/** Dates in en-GB form, with the time because several notes may be written on one day. */
export function formatNoteDate(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm', { locale: enGB }) : value;
}
