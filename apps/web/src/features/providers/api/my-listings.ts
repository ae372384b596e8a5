import * as providers from '@locals/contracts/routes/providers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export const myListingsQueryOptions = queryOptions({
  queryKey: ['my-listings'],
  queryFn: ({ signal }) => api(providers.listMyListings, {}, { signal }),
});

/** The listings the signed-in person provides, with when each was last checked. */
export function useMyListings() {
  const session = useSession();
  return useQuery({ ...myListingsQueryOptions, enabled: session.isSignedIn });
}
