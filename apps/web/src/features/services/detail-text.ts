import { format, isValid, parseISO } from 'date-fns';

export const NOT_AVAILABLE = 'N/A';

/** Dates shown in en-GB form (spec 9), for example "4 March 2025". */
export function formatDate(value: string | null): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMMM yyyy') : value;
}

/**
 * Library hours arrive as "staffed: Mon 09:00-17:00; Tue 09:00-17:00"; one line per part
 * reads far better than one long line.
 */
export function openingHoursLines(value: string | null): string[] {
  if (!value) return [];
  return value
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Spec 2: status defaults to closed when missing. */
export function statusLabel(status: string | null): string {
  const value = status?.trim() || 'closed';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function ageRangeLabel(range: { min: number | null; max: number | null } | null) {
  if (!range || (range.min === null && range.max === null)) return null;
  if (range.min !== null && range.max !== null) return `${range.min} to ${range.max} years`;
  return range.min !== null ? `${range.min} years and over` : `Up to ${range.max} years`;
}
