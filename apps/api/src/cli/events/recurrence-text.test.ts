import { describe, expect, it } from 'vitest';
import { recurrenceText } from './recurrence-text';

/** Friday 6 March 2026, 14:00 in London. */
const FIRST_FRIDAY = new Date('2026-03-06T14:00:00Z');

describe('recurrenceText', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=TU', 'Every Tuesday'],
    ['FREQ=WEEKLY', 'Every Friday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'Every 2 weeks on Monday'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every Monday, Wednesday and Friday'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday'],
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;INTERVAL=3', 'Every 3 days'],
    ['FREQ=MONTHLY;BYDAY=1FR', 'Monthly on the first Friday'],
    ['FREQ=MONTHLY;BYDAY=-1SA', 'Monthly on the last Saturday'],
    ['FREQ=MONTHLY;BYDAY=TH;BYSETPOS=3', 'Monthly on the third Thursday'],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU', 'Every 2 months on the second Tuesday'],
    ['FREQ=MONTHLY;BYMONTHDAY=21', 'Monthly on the 21st'],
    ['FREQ=MONTHLY', 'Monthly on the 6th'],
    ['FREQ=YEARLY', 'Every year'],
    ['freq=weekly;byday=sa;count=4', 'Every Saturday'],
  ])('reads RRULE:%s as "%s"', (rule, text) => {
    expect(recurrenceText(`DTSTART:20260306T140000Z\nRRULE:${rule}`, FIRST_FRIDAY)).toBe(text);
  });

  it('is null for a one-off', () => {
    expect(recurrenceText(null, FIRST_FRIDAY)).toBeNull();
  });
});
