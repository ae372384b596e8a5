import { getInteraction } from '@locals/contracts/routes/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function interactionQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['auth', 'interaction', uid],
    queryFn: ({ signal }) => api(getInteraction, { params: { uid } }, { signal }),
    // An interaction is one sign-in attempt; reading it again later could only find it expired.
    staleTime: Infinity,
  });
}

export function useInteraction(uid: string) {
  return useQuery(interactionQueryOptions(uid));
}
