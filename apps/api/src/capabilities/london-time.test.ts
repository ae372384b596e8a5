import { describe, expect, it } from 'vitest';
import { bankHolidays, businessDaysBetween, isBusinessDay } from './london-time';

describe('England and Wales bank holidays', () => {
  // GOV.UK's published dates (www.gov.uk/bank-holidays), substitute days included.
  it.each([
    [
      2026,
      [
        '2026-01-01',
        '2026-04-03',
        '2026-04-06',
        '2026-05-04',
        '2026-05-25',
        '2026-08-31',
        '2026-12-25',
        '2026-12-28',
      ],
    ],
    [
      2027,
      [
        '2027-01-01',
        '2027-03-26',
        '2027-03-29',
        '2027-05-03',
        '2027-05-31',
        '2027-08-30',
        '2027-12-27',
        '2027-12-28',
      ],
    ],
  ])('are the days GOV.UK publishes for %i', (year, dates) => {
    expect(bankHolidays(year)).toEqual(dates);
  });
});

describe('isBusinessDay', () => {
  it.each([
    ['a Tuesday', '2026-04-07T12:00:00Z', true],
    ['Good Friday', '2026-04-03T12:00:00Z', false],
    ['a Saturday', '2026-04-04T12:00:00Z', false],
    ['the Boxing Day substitute Monday', '2026-12-28T12:00:00Z', false],
    // 23:30 UTC on Thursday 2 April is already Good Friday in London (BST).
    ['late on the eve of Good Friday, in London time', '2026-04-02T23:30:00Z', false],
  ])('%s: %s is %s', (_name, instant, expected) => {
    expect(isBusinessDay(new Date(instant))).toBe(expected);
  });
});

describe('businessDaysBetween', () => {
  it.each([
    ['the same day', '2026-03-02T09:00:00Z', '2026-03-02T17:00:00Z', 0],
    ['Monday to Tuesday', '2026-03-02T09:00:00Z', '2026-03-03T08:00:00Z', 1],
    ['Friday to Monday, across a weekend', '2026-03-06T16:00:00Z', '2026-03-09T09:00:00Z', 1],
    ['Friday to Saturday', '2026-03-06T16:00:00Z', '2026-03-07T09:00:00Z', 0],
    // Thursday 2 April 2026, then Good Friday, the weekend and Easter Monday: Tuesday is day 1.
    [
      'Thursday before Easter to the Tuesday after',
      '2026-04-02T10:00:00Z',
      '2026-04-07T10:00:00Z',
      1,
    ],
    [
      'Thursday before Easter to the Wednesday after',
      '2026-04-02T10:00:00Z',
      '2026-04-08T10:00:00Z',
      2,
    ],
    // Christmas 2026: Friday 25, the weekend, Monday 28 (Boxing Day's substitute).
    ['Christmas Eve to the Tuesday after', '2026-12-24T10:00:00Z', '2026-12-29T10:00:00Z', 1],
    ['across the new year', '2026-12-30T10:00:00Z', '2027-01-05T10:00:00Z', 3],
    ['backwards', '2026-03-09T09:00:00Z', '2026-03-02T09:00:00Z', 0],
    // 23:30 UTC on Sunday 29 March 2026 is Monday 30 March in London (BST began that day).
    ['counted on London days', '2026-03-27T12:00:00Z', '2026-03-29T23:30:00Z', 1],
  ])('%s: %s to %s is %i', (_name, from, to, expected) => {
    expect(businessDaysBetween(new Date(from), new Date(to))).toBe(expected);
  });
});
