import { listEscalatedSuggestions } from '@locals/contracts/routes/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKey } from './list-pending-applications';

export const escalatedSuggestionsKey = [...moderationKey, 'suggestions'] as const;

export function useEscalatedSuggestions() {
  return useQuery({
    queryKey: escalatedSuggestionsKey,
    queryFn: ({ signal }) => api(listEscalatedSuggestions, {}, { signal }),
  });
}
