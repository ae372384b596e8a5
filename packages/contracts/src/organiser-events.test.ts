import { describe, expect, it } from 'vitest';
import {
  EventSubmissionSchema,
  TICKED,
  eventFormErrors,
  formFromSubmission,
  repeatDays,
  repeatLabel,
  submissionFromForm,
} from './organiser-events';

const event = {
  title: 'Coffee morning',
  description: 'Tea, coffee and a chat.',
  category: 'wellbeing',
  date: '2026-12-01',
  startTime: '10:00',
  endTime: '12:00',
  venue: 'St Mary Redcliffe church hall',
  address: 'Redcliffe Way, Bristol',
  postcode: 'bs1 6rb',
  organizerName: 'Redcliffe Friends',
  organizerEmail: 'friends@example.org',
};

describe('a submitted event', () => {
  it('is read with its defaults and a formatted postcode', () => {
    const parsed = EventSubmissionSchema.parse(event);
    expect(parsed).toMatchObject({
      postcode: 'BS1 6RB',
      allDay: false,
      registrationRequired: false,
      accessibility: [],
      tags: [],
      repeat: { frequency: 'none', except: [] },
    });
  });

  it('needs a start time unless it is all day, and an end after the start', () => {
    const noStart = EventSubmissionSchema.safeParse({ ...event, startTime: '' });
    expect(noStart.error?.issues[0]).toMatchObject({
      path: ['startTime'],
      message: 'Enter the start time, or choose "All day"',
    });
    expect(EventSubmissionSchema.safeParse({ ...event, startTime: '', allDay: true }).success).toBe(
      true,
    );
    const backwards = EventSubmissionSchema.safeParse({ ...event, endTime: '09:00' });
    expect(backwards.error?.issues[0]?.path).toEqual(['endTime']);
  });

  it('needs an until date to repeat, at most a year on, and never before the first date', () => {
    const open = EventSubmissionSchema.safeParse({ ...event, repeat: { frequency: 'weekly' } });
    expect(open.error?.issues[0]).toMatchObject({
      path: ['repeat', 'until'],
      message: 'Enter the last date the event repeats until',
    });
    const before = EventSubmissionSchema.safeParse({
      ...event,
      repeat: { frequency: 'weekly', until: '2026-11-01' },
    });
    expect(before.error?.issues[0]?.message).toMatch(/on or after the first date/);
    const tooLong = EventSubmissionSchema.safeParse({
      ...event,
      repeat: { frequency: 'weekly', until: '2028-01-01' },
    });
    expect(tooLong.error?.issues[0]?.message).toMatch(/up to a year ahead/);
  });

  it('refuses a link that is not a web address', () => {
    const parsed = EventSubmissionSchema.safeParse({ ...event, website: 'javascript:alert(1)' });
    expect(parsed.error?.issues[0]?.path).toEqual(['website']);
  });
});

describe('a body that is not an event at all', () => {
  it.each([null, 'x', 5, []])('refuses %j without the checks across fields running', (body) => {
    expect(EventSubmissionSchema.safeParse(body).success).toBe(false);
  });
});

describe('repeatDays', () => {
  it('lists every week from the first date to the last, leaving out the exceptions', () => {
    expect(
      repeatDays('2026-12-01', {
        frequency: 'weekly',
        until: '2026-12-31',
        except: ['2026-12-22'],
      }),
    ).toEqual(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-29']);
  });

  it('repeats monthly on the same weekday of the same week, the last one for a fifth', () => {
    // 1 December 2026 is the first Tuesday.
    expect(
      repeatDays('2026-12-01', { frequency: 'monthly', until: '2027-03-31', except: [] }),
    ).toEqual(['2026-12-01', '2027-01-05', '2027-02-02', '2027-03-02']);
    // 29 December 2026 is the fifth Tuesday: then the last Tuesday of each month.
    expect(
      repeatDays('2026-12-29', { frequency: 'monthly', until: '2027-02-28', except: [] }),
    ).toEqual(['2026-12-29', '2027-01-26', '2027-02-23']);
  });

  it('is the one date for a one-off, and stops at the bound', () => {
    expect(repeatDays('2026-12-01', { frequency: 'none', except: [] })).toEqual(['2026-12-01']);
    expect(
      repeatDays('2026-12-01', { frequency: 'weekly', until: '2027-12-01', except: [] }, 3),
    ).toHaveLength(3);
  });

  it('is described the way a person says it', () => {
    expect(repeatLabel('2026-12-01', { frequency: 'weekly' })).toBe('Every Tuesday');
    expect(repeatLabel('2026-12-08', { frequency: 'monthly' })).toBe(
      'Monthly on the second Tuesday',
    );
    expect(repeatLabel('2026-12-29', { frequency: 'monthly' })).toBe('Monthly on the last Tuesday');
    expect(repeatLabel('2026-12-29', { frequency: 'none' })).toBeNull();
  });
});

describe('the event form', () => {
  it('reads what a plain form sends, and says where each problem is', () => {
    const input = submissionFromForm({
      ...formFromSubmission(EventSubmissionSchema.parse(event)),
      allDay: TICKED,
      accessibility: 'Step-free, with a ramp\nHearing loop',
      tags: 'coffee, chat',
      repeatFrequency: 'weekly',
      repeatUntil: '',
      repeatExcept: '2026-12-22, 2026-12-29',
    });
    expect(input).toMatchObject({
      allDay: true,
      accessibility: ['Step-free, with a ramp', 'Hearing loop'],
      tags: ['coffee', 'chat'],
      repeat: { frequency: 'weekly', except: ['2026-12-22', '2026-12-29'] },
    });
    const parsed = EventSubmissionSchema.safeParse(input);
    expect(eventFormErrors(parsed.error?.issues ?? [])).toEqual({
      repeatUntil: 'Enter the last date the event repeats until',
    });
  });
});

describe('the first try at the form', () => {
  it('says every problem at once, the checks across fields included', () => {
    const parsed = EventSubmissionSchema.safeParse({
      ...event,
      title: '',
      category: '',
      startTime: '',
      repeat: { frequency: 'weekly', until: '2026-11-01' },
    });
    expect(eventFormErrors(parsed.error?.issues ?? [])).toEqual({
      title: 'Event name is required',
      category: "Choose the event's category",
      startTime: 'Enter the start time, or choose "All day"',
      repeatUntil: 'The repeat until date must be on or after the first date',
    });
  });
});
