import type { Occurrence } from '@locals/contracts/events';
import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';

/** A yyyy-MM-dd day as a date at midnight where the page runs: the day never shifts. */
function dayOf(date: string): Date | null {
  const day = parseISO(date);
  return isValid(day) ? day : null;
}

/** Spec 9: event cards show 'MMM d, yyyy', such as 'Dec 1, 2026'. */
export function eventCardDate(date: string): string {
  const day = dayOf(date);
  return day ? format(day, 'MMM d, yyyy') : date;
}

/** The day in full, as GOV.UK writes dates: 'Tuesday 1 December 2026'. */
export function eventFullDate(date: string): string {
  const day = dayOf(date);
  return day ? format(day, 'EEEE d MMMM yyyy', { locale: enGB }) : date;
}

/** '10:00 – 12:00', '10:00' when no end is known, or 'All day'. */
export function eventTimeText({
  time,
  endTime,
  allDay,
}: Pick<Occurrence, 'time' | 'endTime' | 'allDay'>): string {
  if (allDay || time === null) return 'All day';
  return endTime ? `${time} – ${endTime}` : time;
}
