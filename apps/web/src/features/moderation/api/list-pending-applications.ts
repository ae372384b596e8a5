import { listPendingApplications } from '@locals/contracts/routes/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const moderationKey = ['moderation'] as const;

export function usePendingApplications() {
  return useQuery({
    queryKey: [...moderationKey, 'applications'],
    queryFn: ({ signal }) => api(listPendingApplications, {}, { signal }),
  });
}
