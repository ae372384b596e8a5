import { format, isValid, parseISO } from 'date-fns';

/** Dates shown in en-GB form (spec 9), for example "4 March 2025". */
export function formatDate(value: string | null): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMMM yyyy') : value;
}

/** A source's date as it is known: "May 2019" for 2019-05, "4 March 2025" for a whole date. */
export function formatSourceDate(value: string | null): string | null {
  if (!value) return null;
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (!month) return formatDate(value);
  const date = parseISO(`${value}-01`);
  return isValid(date) ? format(date, 'MMMM yyyy') : value;
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
