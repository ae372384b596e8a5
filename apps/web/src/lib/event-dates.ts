import type { Occurrence } from '@locals/contracts/events';
import { calendarDay } from './long-date';

// Intl rather than date-fns: these run on /events and /bookmarks, whose first load is kept small
// (`npm run bench:first-load`), and the browser already carries every calendar rule they need.
const CARD = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const FULL = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Event cards show 'MMM d, yyyy', such as 'Dec 1, 2026'. */
export function eventCardDate(date: string): string {
  const day = calendarDay(date);
  return day ? CARD.format(day) : date;
}

/** The day in full, as GOV.UK writes dates: 'Tuesday 1 December 2026' (no comma). */
export function eventFullDate(date: string): string {
  const day = calendarDay(date);
  if (!day) return date;
  const part = Object.fromEntries(FULL.formatToParts(day).map((p) => [p.type, p.value]));
  return `${part.weekday} ${part.day} ${part.month} ${part.year}`;
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
