import * as suggestions from '@locals/contracts/routes/suggestions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export type ProviderDecision = 'accepted' | 'rejected';

/** The suggestions the signed-in person has sent, with what each provider decided. */
export function useMySuggestions() {
  const session = useSession();
  return useQuery({
    queryKey: ['suggestions', 'mine'],
    queryFn: ({ signal }) => api(suggestions.listMySuggestions, {}, { signal }),
    enabled: session.isSignedIn,
  });
}

/** The provider's view of one suggestion, from the link in their email. Reading changes nothing. */
export function useProviderSuggestion(token: string) {
  return useQuery({
    queryKey: ['suggestions', 'respond', token],
    queryFn: ({ signal }) =>
      api(suggestions.showSuggestionToProvider, { query: { token } }, { signal }),
    enabled: token !== '',
  });
}

export function useRespondToSuggestion(token: string) {
  return useMutation({
    mutationFn: (decision: ProviderDecision) =>
      // The same decision again changes nothing, so a retry is safe.
      api(suggestions.respondToSuggestion, { body: { token, decision } }, { isIdempotent: true }),
  });
}
