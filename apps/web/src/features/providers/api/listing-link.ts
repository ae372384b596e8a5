import * as providers from '@locals/contracts/routes/providers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What an emailed link is for and whether it still works. Reading it changes nothing. */
export function useListingLink(token: string) {
  return useQuery({
    queryKey: ['listing-check', token],
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
