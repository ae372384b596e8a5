const LONG = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/**
 * The London day an instant fell on, as GOV.UK writes it: '26 November 2026'. Intl rather than
 * date-fns, so /bookmarks carries no date library in its first load (`npm run bench:first-load`).
 */
export function longDate(timestamp: string): string {
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? timestamp : LONG.format(at);
}

/**
 * A yyyy-MM-dd day as that day's UTC midnight, to be formatted in UTC so the day never shifts;
 * null when it is not a real day (2025-02-30 would otherwise roll over to March).
 */
export function calendarDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === day ? at : null;
}
