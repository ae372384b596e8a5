import { STALE_AFTER_MONTHS } from '@locals/contracts/listing';

/**
 * "Last checked" is the date a person confirmed the listing through Locals (decision 024): a
 * moderator approving it or accepting a suggestion, its provider editing it or answering
 * "Still correct". Imported open data has none until then: its source keeps it current, and its
 * own date says when the source last changed the record, not when anyone checked it.
 */
export function monthsBefore(today: string, months: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(
    Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0),
  ).getUTCDate();
  shifted.setUTCDate(Math.min(day, lastDay));
  return shifted.toISOString().slice(0, 10);
}

/** Not checked for 12 months: on or before the same date a year ago. */
export function isStale(lastChecked: string | null, today: string): boolean {
  return lastChecked !== null && lastChecked <= monthsBefore(today, STALE_AFTER_MONTHS);
}
