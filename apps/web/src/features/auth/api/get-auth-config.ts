import { getAuthConfig } from '@locals/contracts/routes/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: ({ signal }) => api(getAuthConfig, {}, { signal }),
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
