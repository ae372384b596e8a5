import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const interactionSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.InteractionSchema);

export function interactionQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['auth', 'interaction', uid],
    queryFn: ({ signal }) =>
      apiClient.get(`/api/auth/interaction/${encodeURIComponent(uid)}`, interactionSchema, {
        signal,
      }),
    // An interaction is one sign-in attempt; reading it again later could only find it expired.
    staleTime: Infinity,
  });
}

export function useInteraction(uid: string) {
  return useQuery(interactionQueryOptions(uid));
}
