import * as providers from '@locals/contracts/routes/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';
import { listingLinkKey } from './listing-link';
import { myListingsQueryOptions } from './my-listings';

type Claim = { token: string; idempotencyKey: string };

/**
 * Becomes the listing's provider with the emailed link. The key, made once per page, makes a
 * retry after a lost answer get the first result rather than "this link has been used".
 */
export function useClaimListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, idempotencyKey }: Claim) =>
      api(providers.claimListing, { body: { token } }, { idempotencyKey }),
    onSuccess: () => {
      // The person may have just become a provider: the navigation shows "My listings" now.
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: myListingsQueryOptions.queryKey });
    },
    onError: (error, { token }) => {
      // Gone: read the link again, so a page can offer a new one if it has just expired.
      if (isApiError(error) && error.status === 410) {
        void queryClient.invalidateQueries({ queryKey: listingLinkKey(token) });
      }
    },
  });
}
