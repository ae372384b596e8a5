import type { EventSubmission } from '@locals/contracts/organiser-events';
import * as organiserEvents from '@locals/contracts/routes/organiser-events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myEventsQueryKey } from '@/lib/query-keys';

type Submission = { event: EventSubmission; idempotencyKey: string };

/** The key, made once per submission, makes a retry answer the first result: one event stored. */
export function useSubmitEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ event, idempotencyKey }: Submission) =>
      api(organiserEvents.submitEvent, { body: event }, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myEventsQueryKey }),
  });
}
