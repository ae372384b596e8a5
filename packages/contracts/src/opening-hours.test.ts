import { describe, expect, it } from 'vitest';
import {
  formatOpeningHours,
  formatOpeningLines,
  formatTime,
  londonClock,
  openStateAt,
  parseOpeningHours,
} from './opening-hours';
import { WeeklyHoursSchema, type WeeklyHours } from './opening-hours-contract';

const weekdays = (opens: string, closes: string) =>
  [1, 2, 3, 4, 5].map((day) => ({ day, opens, closes }));

describe('parseOpeningHours', () => {
  it.each<[string, WeeklyHours]>([
    [
      'staffed: Mon 09:00-21:30; Sun 10:00-16:00',
      {
        note: 'Staffed hours',
        sessions: [
          { day: 1, opens: '09:00', closes: '21:30' },
          { day: 7, opens: '10:00', closes: '16:00' },
        ],
      },
    ],
    [
      'Tue 09:00-13:00,14:00-17:00',
      {
        note: null,
        sessions: [
          { day: 2, opens: '09:00', closes: '13:00' },
          { day: 2, opens: '14:00', closes: '17:00' },
        ],
      },
    ],
    ['Wed 9:30-17:00', { note: null, sessions: [{ day: 3, opens: '09:30', closes: '17:00' }] }],
    [
      'STAFFED:Fri 18:00-02:00;',
      { note: 'Staffed hours', sessions: [{ day: 5, opens: '18:00', closes: '02:00' }] },
    ],
    ['Sat 00:00-24:00', { note: null, sessions: [{ day: 6, opens: '00:00', closes: '24:00' }] }],
    [
      'Sun 10:00-16:00; Monday 09:00 - 17:00',
      {
        note: null,
        sessions: [
          { day: 1, opens: '09:00', closes: '17:00' },
          { day: 7, opens: '10:00', closes: '16:00' },
        ],
      },
    ],
    // As providers type them into the listing form: a line a day, or a run of days.
    [
      'Mon 10:00-14:00\nSat 10:00-12:00\n',
      {
        note: null,
        sessions: [
          { day: 1, opens: '10:00', closes: '14:00' },
          { day: 6, opens: '10:00', closes: '12:00' },
        ],
      },
    ],
    ['Mon-Fri 09:00-17:00', { note: null, sessions: weekdays('09:00', '17:00') }],
    ['Monday to Friday 09:00 - 17:00', { note: null, sessions: weekdays('09:00', '17:00') }],
    [
      'Tues 09:00-12:00; Thurs 13:00-15:00; Sat–Mon 10:00-11:00',
      {
        note: null,
        sessions: [
          { day: 1, opens: '10:00', closes: '11:00' },
          { day: 2, opens: '09:00', closes: '12:00' },
          { day: 4, opens: '13:00', closes: '15:00' },
          { day: 6, opens: '10:00', closes: '11:00' },
          { day: 7, opens: '10:00', closes: '11:00' },
        ],
      },
    ],
  ])('reads %j', (text, expected) => {
    const hours = parseOpeningHours(text);
    expect(hours).toEqual(expected);
    expect(WeeklyHoursSchema.parse(hours)).toEqual(expected);
  });

  it.each([
    '',
    '   ',
    'By appointment',
    'Mon-Fri 9am-5pm',
    'unstaffed: Mon 09:00-17:00',
    'Mon 09:00-17:00; Tuesdays 09:00-17:00',
    'Mon-Funday 09:00-17:00',
    'Mon to 09:00-17:00',
    'Mon 09:00-17:00; ask at the desk',
    'Mon 9-17',
    'Mon 25:00-26:00',
    'Mon 09:60-17:00',
    'Mon 24:00-02:00',
    'Mon 09:00-09:00',
    'Mon 09:00-',
  ])('gives null, not a guess, for %j', (text) => {
    expect(parseOpeningHours(text)).toBeNull();
  });

  it('gives null for no text', () => {
    expect(parseOpeningHours(null)).toBeNull();
    expect(parseOpeningHours(undefined)).toBeNull();
  });
});

describe('londonClock', () => {
  it.each([
    // The spring change: 01:00 UTC on Sunday 30 March 2025 is 02:00 BST.
    ['2025-03-30T00:59:00Z', 7, '00:59'],
    ['2025-03-30T01:00:00Z', 7, '02:00'],
    // The autumn change: 01:30 UTC on Sunday 26 October 2025 is 01:30 GMT (00:30 UTC was 01:30 BST).
    ['2025-10-26T00:30:00Z', 7, '01:30'],
    ['2025-10-26T01:30:00Z', 7, '01:30'],
    // The same UTC time in winter and summer.
    ['2025-01-15T12:00:00Z', 3, '12:00'],
    ['2025-07-16T12:00:00Z', 3, '13:00'],
    // A day boundary that only exists in summer time.
    ['2025-07-13T23:30:00Z', 1, '00:30'],
    ['2025-01-12T23:30:00Z', 7, '23:30'],
  ])('at %s it is day %i, %s in London', (instant, day, time) => {
    expect(londonClock(new Date(instant))).toEqual({ day, time });
  });
});

describe('openStateAt', () => {
  const officeHours: WeeklyHours = { note: null, sessions: weekdays('09:00', '17:00') };
  const lateNight: WeeklyHours = {
    note: null,
    sessions: [{ day: 6, opens: '22:00', closes: '02:00' }],
  };
  const sunday: WeeklyHours = {
    note: null,
    sessions: [{ day: 7, opens: '02:00', closes: '03:00' }],
  };

  it.each<[string, WeeklyHours | null, string, string]>([
    ['no hours', null, '2025-07-16T12:00:00Z', 'unknown'],
    ['no sessions', { note: null, sessions: [] }, '2025-07-16T12:00:00Z', 'unknown'],
    ['office hours, Wednesday noon', officeHours, '2025-01-15T12:00:00Z', 'open'],
    ['office hours, the minute it closes', officeHours, '2025-01-15T17:00:00Z', 'closed'],
    // 08:30 UTC is 08:30 in January (closed) but 09:30 in July (open).
    ['office hours, 08:30 UTC in January', officeHours, '2025-01-15T08:30:00Z', 'closed'],
    ['office hours, 08:30 UTC in July', officeHours, '2025-07-16T08:30:00Z', 'open'],
    // 16:30 UTC is 16:30 GMT (open) in January but 17:30 BST (closed) in July.
    ['office hours, 16:30 UTC in January', officeHours, '2025-01-15T16:30:00Z', 'open'],
    ['office hours, 16:30 UTC in July', officeHours, '2025-07-16T16:30:00Z', 'closed'],
    ['office hours, Saturday', officeHours, '2025-07-19T11:00:00Z', 'closed'],
    ['past midnight, Saturday 23:00', lateNight, '2025-01-18T23:00:00Z', 'open'],
    ['past midnight, Sunday 01:30', lateNight, '2025-01-19T01:30:00Z', 'open'],
    ['past midnight, Sunday 02:00', lateNight, '2025-01-19T02:00:00Z', 'closed'],
    ['past midnight, Saturday 21:59', lateNight, '2025-01-18T21:59:00Z', 'closed'],
    // Sunday 30 March 2025: 01:00 UTC is 02:00 BST, so a 02:00-03:00 session has begun.
    ['spring change, 00:59 UTC', sunday, '2025-03-30T00:59:00Z', 'closed'],
    ['spring change, 01:00 UTC', sunday, '2025-03-30T01:00:00Z', 'open'],
    // Sunday 26 October 2025: 01:30 UTC is 01:30 GMT, still before 02:00.
    ['autumn change, 01:30 UTC', sunday, '2025-10-26T01:30:00Z', 'closed'],
    ['autumn change, 02:30 UTC', sunday, '2025-10-26T02:30:00Z', 'open'],
  ])('%s: %s', (_case, hours, instant, state) => {
    expect(openStateAt(hours, new Date(instant))).toBe(state);
  });

  it('wraps a Sunday night session into Monday morning', () => {
    const hours: WeeklyHours = {
      note: null,
      sessions: [{ day: 7, opens: '20:00', closes: '01:00' }],
    };
    expect(openStateAt(hours, new Date('2025-01-13T00:30:00Z'))).toBe('open');
    expect(openStateAt(hours, new Date('2025-01-13T01:30:00Z'))).toBe('closed');
  });
});

describe('formatting hours the GOV.UK way', () => {
  it.each([
    ['09:00', '9am'],
    ['17:30', '5:30pm'],
    ['12:00', 'midday'],
    ['12:15', '12:15pm'],
    ['00:00', 'midnight'],
    ['24:00', 'midnight'],
    ['00:30', '12:30am'],
    ['21:30', '9:30pm'],
  ])('writes %s as %s', (time, written) => {
    expect(formatTime(time)).toBe(written);
  });

  it('groups consecutive days with the same hours and names closed days', () => {
    const hours = parseOpeningHours(
      'staffed: Mon 09:00-21:30; Tue 09:00-21:30; Wed 09:00-21:30; Thu 09:00-21:30; Fri 09:00-17:00; Sat 09:00-17:00',
    );
    expect(formatOpeningLines(hours)).toEqual([
      'Monday to Thursday: 9am to 9:30pm',
      'Friday and Saturday: 9am to 5pm',
      'Sunday: closed',
    ]);
    expect(formatOpeningHours(hours)).toBe(
      'Staffed hours: Monday to Thursday: 9am to 9:30pm; Friday and Saturday: 9am to 5pm; Sunday: closed',
    );
  });

  it('joins several sessions in a day with "and"', () => {
    const hours = parseOpeningHours(
      'Mon 10:00-13:00,14:00-18:00; Wed 09:00-12:00,13:00-15:00,16:00-17:00',
    );
    expect(formatOpeningLines(hours)).toEqual([
      'Monday: 10am to 1pm and 2pm to 6pm',
      'Tuesday: closed',
      'Wednesday: 9am to midday, 1pm to 3pm and 4pm to 5pm',
      'Thursday to Sunday: closed',
    ]);
  });

  it('writes nothing for unknown hours', () => {
    expect(formatOpeningLines(null)).toEqual([]);
    expect(formatOpeningHours(null)).toBe('');
  });
});
