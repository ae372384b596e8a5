import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const authConfigSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.AuthConfigSchema);

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: ({ signal }) => apiClient.get('/api/auth/config', authConfigSchema, { signal }),
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
