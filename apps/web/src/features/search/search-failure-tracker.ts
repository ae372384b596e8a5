/** 3 consecutive search failures within 30 s flag searches as blocked (decision 008). */
export const FAILURE_BLOCK_THRESHOLD = 3;
export const FAILURE_WINDOW_MS = 30_000;

export type SearchFailureTracker = {
  recordFailure: () => void;
  recordSuccess: () => void;
  /** Blocked searches are still made, with a single attempt (decision 008, search-services.ts). */
  isBlocked: () => boolean;
};

/** State lives in the closure, one tracker per provider (no module-level state). */
export function createSearchFailureTracker(now: () => number = Date.now): SearchFailureTracker {
  let failureTimes: number[] = [];

  function recentFailures(): number[] {
    const current = now();
    return failureTimes.filter((time) => current - time < FAILURE_WINDOW_MS);
  }

  return {
    recordFailure() {
      failureTimes = [...recentFailures(), now()];
    },
    recordSuccess() {
      failureTimes = [];
    },
    isBlocked() {
      return recentFailures().length >= FAILURE_BLOCK_THRESHOLD;
    },
  };
}
