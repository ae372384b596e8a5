import * as organiserEvents from '@locals/contracts/routes/organiser-events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showMyEventChanged } from './my-events';

/** Cancels the whole series. Cancelling it again changes nothing, so a retry is safe. */
export function useCancelMyEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(organiserEvents.cancelMyEvent, { params: { id } }, { isIdempotent: true }),
    onSuccess: ({ data }) => showMyEventChanged(queryClient, id, data),
  });
}
