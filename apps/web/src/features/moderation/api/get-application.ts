import { getApplication } from '@locals/contracts/routes/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKey } from './list-pending-applications';

export const applicationKey = (id: string) => [...moderationKey, 'applications', id] as const;

export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: ({ signal }) => api(getApplication, { params: { id } }, { signal }),
  });
}
