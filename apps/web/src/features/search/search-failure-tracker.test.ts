import { describe, expect, it } from 'vitest';
import { createSearchFailureTracker } from './search-failure-tracker';

function trackerAt(start = 0) {
  let now = start;
  const tracker = createSearchFailureTracker(() => now);
  return { tracker, advance: (ms: number) => (now += ms) };
}

describe('search failure tracker (spec 8)', () => {
  it('flags 3 consecutive failures within 30 s as blocked', () => {
    const { tracker, advance } = trackerAt();
    tracker.recordFailure();
    advance(10_000);
    tracker.recordFailure();
    expect(tracker.isBlocked()).toBe(false);
    advance(10_000);
    tracker.recordFailure();
    expect(tracker.isBlocked()).toBe(true);
  });

  it('does not count failures older than 30 s', () => {
    const { tracker, advance } = trackerAt();
    tracker.recordFailure();
    advance(20_000);
    tracker.recordFailure();
    advance(15_000);
    tracker.recordFailure();
    expect(tracker.isBlocked()).toBe(false);
  });

  it('starts again after a success', () => {
    const { tracker } = trackerAt();
    tracker.recordFailure();
    tracker.recordFailure();
    tracker.recordSuccess();
    tracker.recordFailure();
    expect(tracker.isBlocked()).toBe(false);
  });

  it('gives each tracker its own count', () => {
    const first = trackerAt().tracker;
    const second = trackerAt().tracker;
    first.recordFailure();
    first.recordFailure();
    first.recordFailure();
    expect(second.isBlocked()).toBe(false);
  });
});
