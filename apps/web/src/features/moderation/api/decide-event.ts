import { publishEvent, refuseEvent } from '@locals/contracts/routes/organiser-events';
import type { RouteOutput } from '@locals/contracts/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { pendingEventsKey } from './list-pending-events';
import type { PendingEvents } from './list-pending-events';

type Keyed<T> = T & { idempotencyKey: string };

/** The key is made once per decision and sent with every retry, so the server decides once. */
function useEventDecision<T>(
  id: string,
  send: (input: Keyed<T>) => Promise<RouteOutput<typeof publishEvent>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Decided: it leaves the queue at once, and the dashboard's count with it.
    onSuccess: () => {
      queryClient.setQueryData<PendingEvents>(
        pendingEventsKey,
        (queue) =>
          queue && {
            data: queue.data.filter((event) => event.id !== id),
            totalCount: Math.max(0, queue.totalCount - 1),
          },
      );
    },
    // Someone else decided first: their message stays on screen, and the queue is read again
    // on the next visit.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        return queryClient.invalidateQueries({ queryKey: pendingEventsKey, refetchType: 'none' });
      }
    },
  });
}

export function usePublishEvent(id: string) {
  return useEventDecision<object>(id, ({ idempotencyKey }) =>
    api(publishEvent, { params: { id } }, { idempotencyKey }),
  );
}

export function useRefuseEvent(id: string) {
  return useEventDecision<{ reason: string }>(id, ({ reason, idempotencyKey }) =>
    api(refuseEvent, { params: { id }, body: { reason } }, { idempotencyKey }),
  );
}
