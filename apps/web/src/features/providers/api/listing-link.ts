import * as providers from '@locals/contracts/routes/providers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const listingLinkKey = (token: string) => ['listing-check', token] as const;

/** What an emailed link is for and whether it still works. Reading it changes nothing. */
export function useListingLink(token: string) {
  return useQuery({
    queryKey: listingLinkKey(token),
    queryFn: ({ signal }) => api(providers.showListingLink, { query: { token } }, { signal }),
    enabled: token !== '',
  });
}

type Confirmation = { token: string; idempotencyKey: string };

/** "Yes, it is still correct": marks the listing checked today. The link is the credential. */
export function useConfirmListing() {
  return useMutation({
    mutationFn: ({ token, idempotencyKey }: Confirmation) =>
      api(providers.confirmListing, { body: { token } }, { idempotencyKey }),
  });
}

type Renewal = { token: string; idempotencyKey: string };

/**
 * "Send me a new link" for an expired link: the API emails a new one to the address the old one
 * went to. The key, made once per page, makes a retry after a lost answer send no second email.
 */
export function useRenewListingLink() {
  return useMutation({
    mutationFn: ({ token, idempotencyKey }: Renewal) =>
      api(providers.renewListingLink, { body: { token } }, { idempotencyKey }),
  });
}
