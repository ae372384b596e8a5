import type { ListingFields } from '@locals/contracts/listing';
import * as providers from '@locals/contracts/routes/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myListingQueryOptions } from './my-listing';
import { myListingsQueryOptions } from './my-listings';

type Update = { listing: ListingFields; idempotencyKey: string };

/**
 * Saves every editable field; the change is live at once. The key, made once per submission,
 * makes a retry answer the first result instead of recording the edit twice.
 */
export function useUpdateMyListing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listing, idempotencyKey }: Update) =>
      api(providers.updateMyListing, { params: { id }, body: { listing } }, { idempotencyKey }),
    onSuccess: (saved) => {
      queryClient.setQueryData(myListingQueryOptions(id).queryKey, saved);
      void queryClient.invalidateQueries({
        queryKey: myListingsQueryOptions.queryKey,
        exact: true,
      });
    },
  });
}
