import { listStaleListings } from '@locals/contracts/routes/moderation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKey } from './list-pending-applications';

export const MODERATION_PAGE_SIZE = 50;

export function useStaleListings(page: number) {
  return useQuery({
    queryKey: [...moderationKey, 'stale-listings', page],
    queryFn: ({ signal }) =>
      api(listStaleListings, { query: { page, pageSize: MODERATION_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
