import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { LocationProvider } from '@/features/location/components/location-provider';
import { SearchFailureTrackerProvider } from '@/features/search/components/search-failure-tracker-provider';
import { createQueryClient } from '@/lib/query-client';

type AppProviderProps = {
  children: ReactNode;
  /** The server's client, filled for the page it renders, or the browser's, hydrated from it. */
  queryClient?: QueryClient;
};

export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <LocationProvider>
          <SearchFailureTrackerProvider>{children}</SearchFailureTrackerProvider>
        </LocationProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
