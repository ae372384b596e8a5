import { describe, expect, it } from 'vitest';
import { eventCardDate, eventFullDate, eventTimeText } from './event-dates';

describe('event dates', () => {
  it.each([
    ['2026-12-01', 'Dec 1, 2026'],
    ['2027-01-15', 'Jan 15, 2027'],
    ['not a date', 'not a date'],
    ['2026-02-30', '2026-02-30'],
  ])('a card shows %s as %s (spec 9: MMM d, yyyy)', (date, shown) => {
    expect(eventCardDate(date)).toBe(shown);
  });

  it('writes the day in full for the details, as GOV.UK does', () => {
    expect(eventFullDate('2026-12-01')).toBe('Tuesday 1 December 2026');
    expect(eventFullDate('2027-03-28')).toBe('Sunday 28 March 2027');
  });

  it.each([
    [{ time: '10:00', endTime: '12:00', allDay: false }, '10:00 – 12:00'],
    [{ time: '18:30', endTime: null, allDay: false }, '18:30'],
    [{ time: null, endTime: null, allDay: true }, 'All day'],
  ])('writes the time of %o as %s', (occurrence, shown) => {
    expect(eventTimeText(occurrence)).toBe(shown);
  });
});
