import type { DecideSuggestion } from '@locals/contracts/moderation';
import { decideSuggestion } from '@locals/contracts/routes/moderation';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type SuggestionDecision = { decision: DecideSuggestion; idempotencyKey: string };

/**
 * The list is not refetched on success: the decided suggestion stays on screen with its outcome,
 * and leaves the list the next time the page loads.
 */
export function useDecideSuggestion(id: string) {
  return useMutation({
    mutationFn: ({ decision, idempotencyKey }: SuggestionDecision) =>
      api(decideSuggestion, { params: { id }, body: decision }, { idempotencyKey }),
  });
}
