import { Temporal } from 'temporal-polyfill';
import { LONDON, londonDay, londonMidnight } from '../../modules/events/london-time';

/** Sessions are imported this many months ahead of today. */
const HORIZON_MONTHS = 12;

/**
 * The sessions an import keeps: from the start of today in London (a session earlier today is
 * still today's), to the same day 12 months on.
 */
export function sessionWindow(now: Date): { from: Date; to: Date } {
  const today = londonDay(now);
  const horizon = Temporal.PlainDate.from(today).add({ months: HORIZON_MONTHS });
  return { from: londonMidnight(today), to: londonMidnight(horizon.toString()) };
}

/** The start of a calendar day in London, from its parts (month 1-12). */
export function londonMidnightOf(year: number, month: number, day: number): Date {
  return londonMidnight(Temporal.PlainDate.from({ year, month, day }).toString());
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
