import { QueryClient } from '@tanstack/react-query';

/**
 * On the server, a query whose prefetch failed must render its error: with retryOnMount (the
 * default) TanStack Query shows an errored query as loading again on mount, expecting to
 * refetch, which a server render never does, so a page without JavaScript said "Loading
 * results..." forever where it should have said what went wrong.
 */
export function createQueryClient({ isServer = false }: { isServer?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries network errors and 5xx (api-client.ts); retrying here too
      // would multiply the attempts.
      queries: {
        retry: false,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        ...(isServer ? { retryOnMount: false } : {}),
      },
      mutations: { retry: false },
    },
  });
}
