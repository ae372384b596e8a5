import { createContext, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { createSearchFailureTracker } from '../search-failure-tracker';
import type { SearchFailureTracker } from '../search-failure-tracker';

const SearchFailureTrackerContext = createContext<SearchFailureTracker | null>(null);

export function SearchFailureTrackerProvider({ children }: { children: ReactNode }) {
  const [tracker] = useState(() => createSearchFailureTracker());
  return <SearchFailureTrackerContext value={tracker}>{children}</SearchFailureTrackerContext>;
}

export function useSearchFailureTracker(): SearchFailureTracker {
  const tracker = useContext(SearchFailureTrackerContext);
  if (!tracker) throw new Error('useSearchFailureTracker needs <SearchFailureTrackerProvider>');
  return tracker;
}
