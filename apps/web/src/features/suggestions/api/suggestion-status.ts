import type { z } from 'zod';
import type {
  ProviderSuggestionSchema,
  SuggestionsResponseSchema,
} from '@locals/contracts/suggestions';
import type { SuccessResponse } from '@locals/contracts/engagement-common';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;
export type ProviderSuggestion = z.infer<typeof ProviderSuggestionSchema>;
export type ProviderDecision = 'accepted' | 'rejected';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const suggestionsSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/suggestions').then(
        (contract) => contract.SuggestionsResponseSchema,
      );
const providerSuggestionSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/suggestions').then((contract) => contract.ProviderSuggestionSchema);
const successSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/engagement-common').then(
        (contract) => contract.SuccessResponseSchema,
      );

/** The suggestions the signed-in person has sent, with what each provider decided. */
export function useMySuggestions() {
  const session = useSession();
  return useQuery({
    queryKey: ['suggestions', 'mine'],
    queryFn: ({ signal }) =>
      apiClient.get<SuggestionsResponse>('/api/users/me/suggestions', suggestionsSchema, {
        signal,
      }),
    enabled: session.isSignedIn,
  });
}

/** The provider's view of one suggestion, from the link in their email. Reading changes nothing. */
export function useProviderSuggestion(token: string) {
  return useQuery({
    queryKey: ['suggestions', 'respond', token],
    queryFn: ({ signal }) =>
      apiClient.get<ProviderSuggestion>(
        `/api/suggestions/respond?${new URLSearchParams({ token }).toString()}`,
        providerSuggestionSchema,
        { signal },
      ),
    enabled: token !== '',
  });
}

export function useRespondToSuggestion(token: string) {
  return useMutation({
    mutationFn: (decision: ProviderDecision) =>
      // The same decision again changes nothing, so a retry is safe.
      apiClient.post<SuccessResponse>(
        '/api/suggestions/respond',
        { token, decision },
        successSchema,
        { isIdempotent: true },
      ),
  });
}
