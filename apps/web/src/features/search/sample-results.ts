import type { SearchResponse, ServiceSummary } from '@locals/contracts/search';

/** Sample search data reports 50 results and ends at page 5. */
export const SAMPLE_TOTAL_RESULTS = 50;
export const SAMPLE_LAST_PAGE = 5;

/**
 * Plainly fake on purpose: a person in a hard moment must never mistake a sample for a real
 * service they could phone or visit, so there is no address, phone or plausible name.
 */
function sampleService(index: number): ServiceSummary {
  return {
    id: `sample:${index}`,
    name: `Sample service ${index}`,
    description:
      'Sample data: this is not a real service. Real results will show here when Locals can be reached again.',
    address: null,
    postcode: null,
    phone: null,
    phones: [],
    phoneLinks: [],
    rating: null,
    reviewCount: 0,
    recommendations: 0,
    categories: [],
    serviceTypes: ['Sample data'],
    facilities: [],
    verified: false,
    listedBy: null,
    openingHours: null,
    weeklyHours: null,
    // Nothing is known about a sample, least of all whether it is open.
    openState: 'unknown',
    distance: null,
    distanceMiles: null,
    coordinates: null,
    isDemo: true,
    lastChecked: null,
    stale: false,
  };
}

export function sampleResults(page: number, pageSize: number): SearchResponse {
  const first = (page - 1) * pageSize + 1;
  const count = Math.max(0, Math.min(pageSize, SAMPLE_TOTAL_RESULTS - first + 1));
  return {
    results: Array.from({ length: count }, (_, offset) => sampleService(first + offset)),
    hasMore: page < SAMPLE_LAST_PAGE,
    totalResults: SAMPLE_TOTAL_RESULTS,
    page,
    pageSize,
    location: null,
    keyword: null,
    // Said of no place: the sample stands in for an answer that never came.
    coverage: { covered: true, areaName: null, message: null },
    categoryGap: null,
    crisis: null,
    helplines: [],
    helplinePlacement: null,
    helplineNotice: null,
    // Nothing was searched: the filters offer no types, and no count is said.
    refinements: null,
  };
}
