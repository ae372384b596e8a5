import type { WeeklyHours } from '@locals/contracts/opening-hours-contract';
import { describe, expect, it } from 'vitest';
import { openingHoursLines, shownOpenState, todaysHours } from './opening-text';

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '17:30' }));
const LIBRARY: WeeklyHours = {
  note: 'Staffed hours',
  sessions: [
    ...weekdays,
    { day: 6, opens: '10:00', closes: '13:00' },
    { day: 6, opens: '14:00', closes: '16:00' },
  ],
};

describe('openingHoursLines', () => {
  it('writes the week as GOV.UK does, one line per run of days', () => {
    expect(openingHoursLines({ weeklyHours: LIBRARY, openingHours: 'ignored' })).toEqual([
      'Monday to Friday: 9am to 5:30pm',
      'Saturday: 10am to 1pm and 2pm to 4pm',
      'Sunday: closed',
    ]);
  });

  it('falls back to the text, a line per part, when the hours have no structure', () => {
    expect(
      openingHoursLines({ weeklyHours: null, openingHours: 'Weekdays 9 till 5; Sat by appt' }),
    ).toEqual(['Weekdays 9 till 5', 'Sat by appt']);
  });

  it('has no lines when nothing is known', () => {
    expect(openingHoursLines({ weeklyHours: null, openingHours: null })).toEqual([]);
    expect(
      openingHoursLines({ weeklyHours: { note: null, sessions: [] }, openingHours: null }),
    ).toEqual([]);
  });
});

describe('todaysHours', () => {
  it.each([
    ['a Wednesday', '2026-11-25T12:00:00Z', 'Today: 9am to 5:30pm'],
    ['a Saturday with a lunch break', '2026-11-28T12:00:00Z', 'Today: 10am to 1pm and 2pm to 4pm'],
    ['a Sunday', '2026-11-29T12:00:00Z', 'Today: closed'],
    // 23:30 on Sunday in UTC is already Monday in London in summer time.
    ['a summer Sunday night, Monday in London', '2026-06-28T23:30:00Z', 'Today: 9am to 5:30pm'],
    ['a winter Sunday night, still Sunday in London', '2026-11-29T23:30:00Z', 'Today: closed'],
  ])('on %s says %j', (_, instant, expected) => {
    expect(todaysHours(LIBRARY, new Date(instant))).toBe(expected);
  });

  it('says nothing without hours', () => {
    expect(todaysHours(null, new Date())).toBeNull();
    expect(todaysHours({ note: null, sessions: [] }, new Date())).toBeNull();
  });
});

describe('shownOpenState', () => {
  it.each([
    [false, 'open', 'open'],
    [false, 'closed', 'closed'],
    [false, 'unknown', 'unknown'],
    [true, 'open', 'unknown'],
  ] as const)('isDemo %s with %s shows %s', (isDemo, openState, shown) => {
    expect(shownOpenState({ isDemo, openState })).toBe(shown);
  });
});
