import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const suggestionSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/suggestions').then((contract) => contract.SuggestionResponseSchema);

export function createSuggestion(serviceId: string, suggestionText: string) {
  return apiClient.post('/api/suggestions', { serviceId, suggestionText }, suggestionSchema);
}

export function useCreateSuggestion(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestionText: string) => createSuggestion(serviceId, suggestionText),
    // A list of the person's own suggestions, where one is shown, should include this one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['suggestions'] }),
  });
}
