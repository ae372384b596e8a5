import { listProviderEdits } from '@locals/contracts/routes/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKey } from './list-pending-applications';

export const providerEditsKey = [...moderationKey, 'provider-edits'] as const;

export function useProviderEdits() {
  return useQuery({
    queryKey: providerEditsKey,
    queryFn: ({ signal }) => api(listProviderEdits, {}, { signal }),
  });
}
