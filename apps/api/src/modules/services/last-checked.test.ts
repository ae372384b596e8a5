import { STALE_AFTER_MONTHS } from '@locals/contracts/listing';
import { describe, expect, it } from 'vitest';
import { isStale, monthsBefore } from '../listings';
import { listingCheckOf, staleBefore } from './last-checked';

describe('a listing in search is stale by the same rule as listings', () => {
  it.each([['2026-11-26'], ['2028-02-29'], ['2026-03-31'], ['2027-01-01']])('on %s', (today) => {
    expect(staleBefore(today)).toBe(monthsBefore(today, STALE_AFTER_MONTHS));
    const noon = new Date(`${today}T12:00:00Z`);
    for (const lastChecked of [null, staleBefore(today), monthsBefore(today, 11), today]) {
      expect(listingCheckOf(lastChecked, noon)).toEqual({
        lastChecked,
        stale: isStale(lastChecked, today),
      });
    }
  });
});
