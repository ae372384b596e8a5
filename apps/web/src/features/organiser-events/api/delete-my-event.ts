import * as organiserEvents from '@locals/contracts/routes/organiser-events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showMyEventChanged } from './my-events';

/** Deletes an event never published; a published one answers 409 (it is cancelled instead). */
export function useDeleteMyEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(organiserEvents.deleteMyEvent, { params: { id } }),
    onSuccess: () => showMyEventChanged(queryClient, id, null),
  });
}
