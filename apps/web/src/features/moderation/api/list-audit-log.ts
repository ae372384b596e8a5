import { listAuditLog } from '@locals/contracts/routes/moderation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKey } from './list-pending-applications';
import { MODERATION_PAGE_SIZE } from './list-stale-listings';

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: [...moderationKey, 'audit', page],
    queryFn: ({ signal }) =>
      api(listAuditLog, { query: { page, pageSize: MODERATION_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
