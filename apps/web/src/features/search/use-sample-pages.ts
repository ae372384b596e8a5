import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@/lib/search-criteria';
import { SAMPLE_LAST_PAGE, sampleResults } from './sample-results';

/**
 * The sample pages shown while page 1 of a search cannot be had. They live in this page's
 * state, not the query cache, so they go with the outage: the next search asks the server again
 * and a real answer replaces them. A new search starts at page 1.
 */
export function useSamplePages(searchKey: string) {
  const [shown, setShown] = useState({ searchKey, pageCount: 1 });
  const pageCount = shown.searchKey === searchKey ? shown.pageCount : 1;
  return {
    pages: Array.from({ length: pageCount }, (_, index) =>
      sampleResults(index + 1, DEFAULT_PAGE_SIZE),
    ),
    hasNextPage: pageCount < SAMPLE_LAST_PAGE,
    loadMore: () => setShown({ searchKey, pageCount: Math.min(pageCount + 1, SAMPLE_LAST_PAGE) }),
  };
}
