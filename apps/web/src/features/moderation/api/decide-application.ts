import type { ListingFieldsInput } from '@locals/contracts/listing';
import { approveApplication, rejectApplication } from '@locals/contracts/routes/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteOutput } from '@locals/contracts/route';
import { api, isApiError } from '@/lib/api-client';
import { applicationKey } from './get-application';
import { moderationKey } from './list-pending-applications';

type Keyed<T> = T & { idempotencyKey: string };

/** The key is made once per submission and sent with every retry, so the server decides once. */
function useDecision<T>(
  id: string,
  send: (input: Keyed<T>) => Promise<RouteOutput<typeof approveApplication>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ application }) => {
      queryClient.setQueryData(applicationKey(id), application);
      return queryClient.invalidateQueries({ queryKey: [...moderationKey, 'applications'] });
    },
    // Someone else decided first: show their decision.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        return queryClient.invalidateQueries({ queryKey: applicationKey(id) });
      }
    },
  });
}

export function useApproveApplication(id: string) {
  return useDecision<{ listing: ListingFieldsInput }>(id, ({ listing, idempotencyKey }) =>
    api(approveApplication, { params: { id }, body: { listing } }, { idempotencyKey }),
  );
}

export function useRejectApplication(id: string) {
  return useDecision<{ reason: string }>(id, ({ reason, idempotencyKey }) =>
    api(rejectApplication, { params: { id }, body: { reason } }, { idempotencyKey }),
  );
}
