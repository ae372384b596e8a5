import { calendarDay, longDate } from '@/lib/long-date';

// A calendar date ("2025-03-04") names the same day everywhere: formatted as UTC, so the server
// and a browser in any time zone write the same words. Intl rather than date-fns keeps a date
// library out of /results' first load, which has a budget (decision 035).
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Dates shown in en-GB form, for example "4 March 2025": a calendar date as it is, an
 * instant as the London day it fell on.
 */
export function formatDate(value: string | null): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return longDate(value);
  const day = calendarDay(value);
  return day ? DAY.format(day) : value;
}

/** A source's date as it is known: "May 2019" for 2019-05, "4 March 2025" for a whole date. */
export function formatSourceDate(value: string | null): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}$/.test(value)) return formatDate(value);
  const month = calendarDay(`${value}-01`);
  return month ? MONTH.format(month) : value;
}

/**
 * `status` says whether the listing is current, not whether the service is open now,
 * so it is shown only when it says something other than "open" (for example "closed").
 */
export function listingStatusNote(status: string | null): string | null {
  const value = status?.trim();
  if (!value || value.toLowerCase() === 'open') return null;
  return `Listed as ${value.toLowerCase()}`;
}

export function ageRangeLabel(
  range: { min: number | null; max: number | null; basis?: 'name' | 'record' } | null,
) {
  if (!range || (range.min === null && range.max === null)) return null;
  const ages =
    range.min !== null && range.max !== null
      ? `${range.min} to ${range.max} years`
      : range.min !== null
        ? `${range.min} years and over`
        : `Up to ${range.max} years`;
  // Read from the name by Locals' rules (decision 044), not stated by the source: said so.
  return range.basis === 'name' ? `${ages}, judged from its name` : ages;
}
