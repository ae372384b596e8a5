const LONG = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/**
 * The London day an instant fell on, as GOV.UK writes it: '26 November 2026'. Intl rather than
 * date-fns, so /bookmarks carries no date library in its first load (issue 13's budget).
 */
export function longDate(timestamp: string): string {
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? timestamp : LONG.format(at);
}
