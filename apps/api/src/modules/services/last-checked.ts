import { STALE_AFTER_MONTHS } from '@locals/contracts/listing';
import { londonIsoDate } from '../../lib/business-days';

/**
 * A listing's "last checked" (a person's check through Locals, decision 024) and whether it is
 * stale: not checked for STALE_AFTER_MONTHS, on or before the same London date that many months
 * ago. The same rule as listings' isStale, which this module may not import (eslint boundaries);
 * last-checked.test.ts holds the two together.
 */
export function listingCheckOf(reviewDate: string | null, now: Date) {
  return {
    lastChecked: reviewDate,
    stale: reviewDate !== null && reviewDate <= staleBefore(londonIsoDate(now)),
  };
}

/** The same day STALE_AFTER_MONTHS before `today`, the month's last day when it has no such day. */
export function staleBefore(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - STALE_AFTER_MONTHS, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  first.setUTCDate(Math.min(day, lastDay.getUTCDate()));
  return first.toISOString().slice(0, 10);
}
