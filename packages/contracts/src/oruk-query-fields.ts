import { z } from 'zod';
import { optional } from './query-fields';

/**
 * The Open Referral UK 3.0 query parameters on schedules and changes (`start_time`, `end_time`,
 * `day`, `modified_after`), read into values SQL compares directly. The profile types them only
 * as "time", "string" and "datetime"; these are the spellings we take, each refused with a
 * message that shows one that works.
 */

/** RFC 5545 BYDAY codes, as the feed publishes them in `schedules[].byday`, Monday first. */
export const ORUK_DAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const DAY_MESSAGE =
  'day must be a day of the week as a schedule writes it (MO, TU, WE, TH, FR, SA or SU) or its name, like Monday';

/** `Monday`, `mo` and `MO` as `MO`; anything else as it came, for the enum to refuse. */
function dayCodeOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  const index = DAY_NAMES.findIndex(
    (name, day) => word === name || word === ORUK_DAY_CODES[day]!.toLowerCase(),
  );
  return ORUK_DAY_CODES[index] ?? value;
}

/** "HH:MM" or "HH:MM:SS" (24-hour, "9:30" too; 24:00 ends the day), read as "HH:MM:SS". */
const TIME_PATTERN = /^(?:([01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?|24:00(?::00)?)$/;

function timeOfDay(field: string) {
  return z
    .string({ error: `${field} must be a time like 09:30` })
    .trim()
    .regex(TIME_PATTERN, {
      error: `${field} must be a time of day as HH:MM or HH:MM:SS, 24-hour, like 09:30 or 17:00`,
    })
    .transform((value) => {
      const [hours = '', minutes, seconds = '00'] = value.split(':');
      return `${hours.padStart(2, '0')}:${minutes}:${seconds}`;
    });
}

/** A date, or a date and time with an optional zone (none is UTC), as ISO 8601 writes them. */
const DATETIME_PATTERN =
  /^([1-9]\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,6})?)?(Z|[+ -]\d{2}:?\d{2})?)?$/;

const MODIFIED_AFTER_MESSAGE =
  'modified_after must be a date and time in ISO 8601, like 2025-06-01T08:55:00Z (or a date, like 2025-06-01)';

/** The instant a value of DATETIME_PATTERN names, or null when its day is not a real one. */
function instantOf(value: string): Date | null {
  const [, year, month, day, hours = '00', minutes = '00', seconds = '00', fraction = '', zone] =
    DATETIME_PATTERN.exec(value)!;
  // Date rolls 30 February over into March: a real day is its own round trip.
  const calendarDay = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendarDay.getUTCDate() !== Number(day)) return null;
  // An unescaped "+01:00" in a query string arrives as " 01:00".
  const offset =
    !zone || zone === 'Z' ? 'Z' : zone.replace(/^ /, '+').replace(/(\d{2})(\d{2})$/, '$1:$2');
  const instant = new Date(
    `${year}-${month}-${day}T${hours}:${minutes}:${seconds}${fraction.slice(0, 4)}${offset}`,
  );
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export const OrukScheduleQueryShape = {
  /** Services with a published schedule opening at or after this time ("HH:MM:SS"). */
  start_time: optional(timeOfDay('start_time')),
  /** ... closing at or before this time. */
  end_time: optional(timeOfDay('end_time')),
  /** ... on this day, as the ISO weekday (1 Monday ... 7 Sunday). */
  day: optional(
    z
      .preprocess(dayCodeOf, z.enum(ORUK_DAY_CODES, { error: DAY_MESSAGE }))
      .transform((code) => ORUK_DAY_CODES.indexOf(code) + 1),
  ),
  /** Services whose record changed at or after this instant (their `last_modified`). */
  modified_after: optional(
    z
      .string({ error: MODIFIED_AFTER_MESSAGE })
      .trim()
      .regex(DATETIME_PATTERN, { error: MODIFIED_AFTER_MESSAGE })
      .transform((value, context) => {
        const instant = instantOf(value);
        if (instant === null) context.addIssue({ code: 'custom', message: MODIFIED_AFTER_MESSAGE });
        return instant ?? new Date(0);
      }),
  ),
};
