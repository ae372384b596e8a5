import Holidays from 'date-holidays';

/**
 * England and Wales bank holidays, substitute days included, from date-holidays (its GB data
 * follows GOV.UK's published list): never computed by hand here. Wales has England's dates.
 */
const englandAndWales = new Holidays('GB', 'ENG', { types: ['public', 'bank'] });

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Europe/London calendar day of an instant, as midnight UTC of that date. */
function londonDay(instant: Date): Date {
  return new Date(`${londonDate.format(instant)}T00:00:00Z`);
}

function isoDate(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** The weekday bank holidays of a year, as YYYY-MM-DD. */
export function bankHolidays(year: number): string[] {
  return englandAndWales
    .getHolidays(year)
    .map((holiday) => holiday.date.slice(0, 10))
    .filter((date) => !isWeekend(new Date(`${date}T00:00:00Z`)));
}

function isWeekend(day: Date): boolean {
  const weekday = day.getUTCDay();
  return weekday === 0 || weekday === 6;
}

function isWorkingDay(day: Date, holidays: ReadonlySet<string>): boolean {
  return !isWeekend(day) && !holidays.has(isoDate(day));
}

/** Whether the London calendar day of `instant` is neither a weekend nor a bank holiday. */
export function isBusinessDay(instant: Date): boolean {
  const day = londonDay(instant);
  return isWorkingDay(day, new Set(bankHolidays(day.getUTCFullYear())));
}

/**
 * Business days from `from` to `to`, counted on London calendar days: those after `from`'s day
 * up to and including `to`'s. Something received on Friday is 1 business day old on Monday, and
 * 0 days old the same day or over the weekend. 0 when `to` is not after `from`.
 */
export function businessDaysBetween(from: Date, to: Date): number {
  const first = londonDay(from);
  const last = londonDay(to);
  if (last <= first) return 0;
  const holidays = new Set<string>();
  for (let year = first.getUTCFullYear(); year <= last.getUTCFullYear(); year += 1) {
    for (const date of bankHolidays(year)) holidays.add(date);
  }
  let count = 0;
  for (let day = first.getTime() + DAY_MS; day <= last.getTime(); day += DAY_MS) {
    if (isWorkingDay(new Date(day), holidays)) count += 1;
  }
  return count;
}

/** The Europe/London calendar date of an instant, as YYYY-MM-DD: "today" for a listing's check. */
export function londonIsoDate(instant: Date): string {
  return londonDate.format(instant);
}
