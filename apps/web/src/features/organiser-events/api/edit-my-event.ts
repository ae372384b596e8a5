import type { EventSubmission } from '@locals/contracts/organiser-events';
import * as organiserEvents from '@locals/contracts/routes/organiser-events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myEventsQueryKey } from '@/lib/query-keys';
import { myEventQueryOptions } from './my-event';

/** A PUT of every field: sending it again is the same change. */
export function useEditMyEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: EventSubmission) =>
      api(organiserEvents.editMyEvent, { params: { id }, body: event }),
    onSuccess: (saved) => {
      queryClient.setQueryData(myEventQueryOptions(id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: myEventsQueryKey, exact: true });
    },
  });
}
