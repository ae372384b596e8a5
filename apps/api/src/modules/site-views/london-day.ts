const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Europe/London calendar day of an instant as YYYY-MM-DD ("today" for site views). */
export function londonDay(instant: Date): string {
  return londonDate.format(instant);
}
