import * as organiserEvents from '@locals/contracts/routes/organiser-events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showMyEventChanged } from './my-events';

/** Cancels one date to come. Cancelling it again changes nothing, so a retry is safe. */
export function useCancelMyEventDate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      api(
        organiserEvents.cancelMyEventDate,
        { params: { id }, body: { date } },
        { isIdempotent: true },
      ),
    onSuccess: ({ data }) => showMyEventChanged(queryClient, id, data),
  });
}
