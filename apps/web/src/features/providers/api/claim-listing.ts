import * as providers from '@locals/contracts/routes/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';
import { myListingsQueryOptions } from './my-listings';

/**
 * Becomes the listing's provider with the emailed link. Claiming again with the same account is
 * not an error, so a retry is safe.
 */
export function useClaimListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api(providers.claimListing, { body: { token } }, { isIdempotent: true }),
    onSuccess: () => {
      // The person may have just become a provider: the navigation shows "My listings" now.
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: myListingsQueryOptions.queryKey });
    },
  });
}
