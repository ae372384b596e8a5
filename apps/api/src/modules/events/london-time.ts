import { Temporal } from 'temporal-polyfill';

/** Events are held and shown in the time of the place they happen: all of Locals is in the UK. */
export const LONDON = 'Europe/London';

/** The instant a London day (yyyy-MM-dd) starts: 00:00 GMT in winter, 00:00 BST in summer. */
export function londonMidnight(day: string): Date {
  const zoned = Temporal.PlainDate.from(day).toZonedDateTime({ timeZone: LONDON });
  return new Date(zoned.epochMilliseconds);
}

/** The London day after `day`. */
export function nextDay(day: string): string {
  return Temporal.PlainDate.from(day).add({ days: 1 }).toString();
}

/** An instant as London wall-clock time, for calendar files and the wire. */
export function inLondon(at: Date): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(LONDON);
}

/** The London day (yyyy-MM-dd) an instant falls on. */
export function londonDay(at: Date): string {
  return inLondon(at).toPlainDate().toString();
}

/** 'HH:mm' in London. */
export function londonTime(at: Date): string {
  return inLondon(at).toPlainTime().toString({ smallestUnit: 'minute' });
}
