import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as suggestions from '@locals/contracts/routes/suggestions';
import { api } from '@/lib/api-client';

type NewSuggestion = { suggestionText: string; idempotencyKey: string };

/** The key makes a retry safe: the server stores, and emails the provider, once. */
export function createSuggestion(
  serviceId: string,
  { suggestionText, idempotencyKey }: NewSuggestion,
) {
  return api(
    suggestions.createSuggestion,
    { body: { serviceId, suggestionText } },
    { idempotencyKey },
  );
}

/** Shared by every form for the service, so one opened again mid-send shows it is sending. */
export const createSuggestionMutationKey = (serviceId: string) =>
  ['suggestions', 'create', serviceId] as const;

export function useCreateSuggestion(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createSuggestionMutationKey(serviceId),
    mutationFn: (suggestion: NewSuggestion) => createSuggestion(serviceId, suggestion),
    // A list of the person's own suggestions, where one is shown, should include this one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['suggestions'] }),
  });
}
