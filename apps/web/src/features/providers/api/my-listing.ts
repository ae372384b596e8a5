import * as providers from '@locals/contracts/routes/providers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export function myListingQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['my-listings', id],
    queryFn: ({ signal }) => api(providers.getMyListing, { params: { id } }, { signal }),
  });
}

/** One of the signed-in provider's listings, as its editable fields (403 if not theirs). */
export function useMyListing(id: string) {
  const session = useSession();
  return useQuery({ ...myListingQueryOptions(id), enabled: session.isSignedIn && id !== '' });
}
