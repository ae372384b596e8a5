import { describe, expect, it } from 'vitest';
import { EMPTY_CRITERIA } from '@/lib/search-criteria';
import { buildSearchResponse } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { createSearchFailureTracker } from '../search-failure-tracker';
import { isConnectivityFailure, searchServices } from './search-services';

const SEARCH_PATH = '/api/HealthServices/search-new';
const criteria = { ...EMPTY_CRITERIA, postcode: 'BS1 4DJ' };

/** The search service answers 503 while `isDown` says so, and a page of results otherwise. */
function stubSearchService() {
  const service = { isDown: true };
  const { requests } = stubApi({
    [`GET ${SEARCH_PATH}`]: () =>
      service.isDown
        ? jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503)
        : jsonResponse(buildSearchResponse()),
  });
  return { service, callCount: () => callsTo(requests, 'GET', SEARCH_PATH).length };
}

function trackerAt(start = 0) {
  let now = start;
  const tracker = createSearchFailureTracker(() => now);
  return { tracker, advance: (ms: number) => (now += ms) };
}

/**
 * Searches once and says how many calls it made and whether it ended in sample data: the
 * results page shows the sample when page 1 fails for want of the server.
 */
async function search(tracker: ReturnType<typeof trackerAt>['tracker'], callCount: () => number) {
  const before = callCount();
  const isSample = await searchServices(criteria, 1, { tracker }).then(
    () => false,
    (error: unknown) => isConnectivityFailure(error),
  );
  return { calls: callCount() - before, isSample };
}

describe('searchServices while searches fail (spec 8)', () => {
  it('retries a failing search 3 times before showing sample data', async () => {
    const { callCount } = stubSearchService();
    const { tracker } = trackerAt();

    expect(await search(tracker, callCount)).toEqual({ calls: 4, isSample: true });
  });

  it('after 3 failed searches within 30 s, still searches but once, without retry waits', async () => {
    const { callCount } = stubSearchService();
    const { tracker, advance } = trackerAt();
    for (let failed = 1; failed <= 3; failed += 1) {
      expect(await search(tracker, callCount)).toEqual({ calls: 4, isSample: true });
      advance(5_000);
    }

    expect(tracker.isBlocked()).toBe(true);
    expect(await search(tracker, callCount)).toEqual({ calls: 1, isSample: true });
  });

  it('retries again once the failures are older than 30 s', async () => {
    const { callCount } = stubSearchService();
    const { tracker, advance } = trackerAt();
    for (let failed = 1; failed <= 3; failed += 1) await search(tracker, callCount);

    advance(30_000);

    expect(await search(tracker, callCount)).toEqual({ calls: 4, isSample: true });
  });

  it('clears the flag when a search succeeds, so the next failure is retried again', async () => {
    const { service, callCount } = stubSearchService();
    const { tracker } = trackerAt();
    for (let failed = 1; failed <= 3; failed += 1) await search(tracker, callCount);

    service.isDown = false;
    expect(await search(tracker, callCount)).toEqual({ calls: 1, isSample: false });
    expect(tracker.isBlocked()).toBe(false);

    service.isDown = true;
    expect(await search(tracker, callCount)).toEqual({ calls: 4, isSample: true });
  });
});
