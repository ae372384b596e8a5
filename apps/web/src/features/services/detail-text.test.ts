import { describe, expect, it } from 'vitest';
import { formatDate, formatSourceDate } from './detail-text';

describe('dates on a listing', () => {
  it.each([
    ['2025-03-04', '4 March 2025'],
    // An instant is the London day it fell on: 23:30 UTC in summer is already the next day.
    ['2025-06-30T23:30:00Z', '1 July 2025'],
    ['2025-12-31T23:30:00Z', '31 December 2025'],
    ['2025-02-30', '2025-02-30'],
    ['soon', 'soon'],
  ])('writes %s as "%s"', (value, shown) => {
    expect(formatDate(value)).toBe(shown);
  });

  it('writes a source known only to the month as the month', () => {
    expect(formatSourceDate('2019-05')).toBe('May 2019');
    expect(formatSourceDate('2025-03-04')).toBe('4 March 2025');
    expect(formatSourceDate('2019-13')).toBe('2019-13');
    expect(formatSourceDate(null)).toBeNull();
  });
});
