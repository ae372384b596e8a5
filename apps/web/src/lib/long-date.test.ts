import { describe, expect, it } from 'vitest';
import { longDate } from './long-date';

describe('longDate', () => {
  // 23:30 UTC is the next day in London in summer (BST), the same day in winter (GMT).
  it('writes the London day an instant fell on', () => {
    expect(longDate('2026-06-30T23:30:00.000Z')).toBe('1 July 2026');
    expect(longDate('2026-11-30T23:30:00.000Z')).toBe('30 November 2026');
  });

  it('leaves something that is not a time as it is', () => {
    expect(longDate('soon')).toBe('soon');
  });
});
