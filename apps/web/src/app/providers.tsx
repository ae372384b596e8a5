import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { LocationProvider } from '@/features/location/components/location-provider';
import { SearchFailureTrackerProvider } from '@/features/search/components/search-failure-tracker-provider';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
