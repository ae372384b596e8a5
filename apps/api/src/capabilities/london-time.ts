import Holidays from 'date-holidays';
import { Temporal } from 'temporal-polyfill';

/**
 * London time, the one home of days, midnights and business days: every date Locals shows or
 * counts (events, "today" for site views and listing checks, moderation ages) is a day in the
 * UK, whose clocks are London's.
 */

/** Events are held and shown in the time of the place they happen: all of Locals is in the UK. */
export const LONDON = 'Europe/London';

/**
 * yyyy-MM-dd in London, by Intl: asked on every page view and for every day counted, where it is
 * faster than the Temporal polyfill.
 */
const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The instant a London day (yyyy-MM-dd) starts: 00:00 GMT in winter, 00:00 BST in summer. */
export function londonMidnight(day: string): Date {
  const zoned = Temporal.PlainDate.from(day).toZonedDateTime({ timeZone: LONDON });
  return new Date(zoned.epochMilliseconds);
}

/** The start of a calendar day in London, from its parts (month 1-12). */
export function londonMidnightOf(year: number, month: number, day: number): Date {
  return londonMidnight(Temporal.PlainDate.from({ year, month, day }).toString());
}

/** The London day after `day`. */
export function nextDay(day: string): string {
  return Temporal.PlainDate.from(day).add({ days: 1 }).toString();
}

/** An instant as London wall-clock time, for calendar files and the wire. */
export function inLondon(at: Date): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(LONDON);
}

/** The London day (yyyy-MM-dd) an instant falls on: "today" for site views and listing checks. */
export function londonDay(at: Date): string {
  return londonDate.format(at);
}

/** 'HH:mm' in London. */
export function londonTime(at: Date): string {
  return inLondon(at).toPlainTime().toString({ smallestUnit: 'minute' });
}

/**
 * An ISO 8601 date or date-time as OpenActive writes it: with Z or an offset it is that instant;
 * without, a London wall-clock time; a date alone is that London day. Null when it is not one.
 */
export function parseFeedDate(value: string): { at: Date; allDay: boolean } | null {
  try {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { at: londonMidnight(value), allDay: true };
    if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
      return { at: new Date(Temporal.Instant.from(value).epochMilliseconds), allDay: false };
    }
    const local = Temporal.PlainDateTime.from(value).toZonedDateTime(LONDON);
    return { at: new Date(local.epochMilliseconds), allDay: false };
  } catch {
    return null;
  }
}

/**
 * England and Wales bank holidays, substitute days included, from date-holidays (its GB data
 * follows GOV.UK's published list): never computed by hand here. Wales has England's dates.
 */
const englandAndWales = new Holidays('GB', 'ENG', { types: ['public', 'bank'] });

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Europe/London calendar day of an instant, as midnight UTC of that date. */
function londonDayAsUtc(instant: Date): Date {
  return new Date(`${londonDate.format(instant)}T00:00:00Z`);
}

function isoDate(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** The weekday bank holidays of a year, as YYYY-MM-DD. */
export function bankHolidays(year: number): string[] {
  return englandAndWales
    .getHolidays(year)
    .map((holiday) => holiday.date.slice(0, 10))
    .filter((date) => !isWeekend(new Date(`${date}T00:00:00Z`)));
}

function isWeekend(day: Date): boolean {
  const weekday = day.getUTCDay();
  return weekday === 0 || weekday === 6;
}

function isWorkingDay(day: Date, holidays: ReadonlySet<string>): boolean {
  return !isWeekend(day) && !holidays.has(isoDate(day));
}

/** Whether the London calendar day of `instant` is neither a weekend nor a bank holiday. */
export function isBusinessDay(instant: Date): boolean {
  const day = londonDayAsUtc(instant);
  return isWorkingDay(day, new Set(bankHolidays(day.getUTCFullYear())));
}

/**
 * Business days from `from` to `to`, counted on London calendar days: those after `from`'s day
 * up to and including `to`'s. Something received on Friday is 1 business day old on Monday, and
 * 0 days old the same day or over the weekend. 0 when `to` is not after `from`.
 */
export function businessDaysBetween(from: Date, to: Date): number {
  const first = londonDayAsUtc(from);
  const last = londonDayAsUtc(to);
  if (last <= first) return 0;
  const holidays = new Set<string>();
  for (let year = first.getUTCFullYear(); year <= last.getUTCFullYear(); year += 1) {
    for (const date of bankHolidays(year)) holidays.add(date);
  }
  let count = 0;
  for (let day = first.getTime() + DAY_MS; day <= last.getTime(); day += DAY_MS) {
    if (isWorkingDay(new Date(day), holidays)) count += 1;
  }
  return count;
}
