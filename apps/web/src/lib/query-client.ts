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
      // 'always': a request is made (and fails, saying so) even when the browser says it is
      // offline. TanStack Query's default pauses it until the connection is back, silently: a
      // search then showed neither results, nor "Loading", nor the sample data with its banner,
      // and a form's submit waited without a word.
      queries: {
        networkMode: 'always',
        retry: false,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        ...(isServer ? { retryOnMount: false } : {}),
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
