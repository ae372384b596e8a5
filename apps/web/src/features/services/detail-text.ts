import { longDate } from '@/lib/long-date';

// A calendar date ("2025-03-04") names the same day everywhere: formatted as UTC, so the server
// and a browser in any time zone write the same words. Intl rather than date-fns keeps a date
// library out of /results' first load (issue 27's budget).
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The day in words, or null when it is not a real day (2025-02-30 would roll over to March). */
function calendarDate(day: string, format: Intl.DateTimeFormat): string | null {
  const at = new Date(`${day}T00:00:00Z`);
  const isReal = !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
  return isReal ? format.format(at) : null;
}

/**
 * Dates shown in en-GB form (spec 9), for example "4 March 2025": a calendar date as it is, an
 * instant as the London day it fell on.
 */
export function formatDate(value: string | null): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return longDate(value);
  return calendarDate(value, DAY) ?? value;
}

/** A source's date as it is known: "May 2019" for 2019-05, "4 March 2025" for a whole date. */
export function formatSourceDate(value: string | null): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}$/.test(value)) return formatDate(value);
  return calendarDate(`${value}-01`, MONTH) ?? value;
}

/**
 * Issue 10: `status` says whether the listing is current, not whether the service is open now,
 * so it is shown only when it says something other than "open" (for example "closed").
 */
export function listingStatusNote(status: string | null): string | null {
  const value = status?.trim();
  if (!value || value.toLowerCase() === 'open') return null;
  return `Listed as ${value.toLowerCase()}`;
}

export function ageRangeLabel(range: { min: number | null; max: number | null } | null) {
  if (!range || (range.min === null && range.max === null)) return null;
  if (range.min !== null && range.max !== null) return `${range.min} to ${range.max} years`;
  return range.min !== null ? `${range.min} years and over` : `Up to ${range.max} years`;
}
