import { longDate } from '@/lib/long-date';

const MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** An ISO date (yyyy-mm-dd) as GOV.UK writes it: '4 March 2025'. */
export function checkedOn(isoDate: string): string {
  return longDate(isoDate);
}

/** 'March 2025', for "Not checked since". */
export function checkedMonth(isoDate: string): string {
  const at = new Date(isoDate);
  return Number.isNaN(at.getTime()) ? isoDate : MONTH_YEAR.format(at);
}
