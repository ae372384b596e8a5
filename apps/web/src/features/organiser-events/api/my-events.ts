import type { SubmittedEvent } from '@locals/contracts/organiser-events';
import * as organiserEvents from '@locals/contracts/routes/organiser-events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { myEventsQueryKey } from '@/lib/query-keys';

export const myEventsQueryOptions = queryOptions({
  queryKey: myEventsQueryKey,
  queryFn: ({ signal }) => api(organiserEvents.listMyEvents, {}, { signal }),
});

/** The events the signed-in person submitted, newest first, with where each stands. */
export function useMyEvents() {
  const session = useSession();
  return useQuery({ ...myEventsQueryOptions, enabled: session.isSignedIn });
}

/**
 * After a change to one event: the list shows it as the API now has it (or without it, once
 * deleted) at once, then the list and the event are read again.
 */
export function showMyEventChanged(
  queryClient: QueryClient,
  id: string,
  changed: SubmittedEvent | null,
) {
  queryClient.setQueryData(myEventsQueryOptions.queryKey, (current) =>
    current
      ? {
          data: changed
            ? current.data.map((event) => (event.id === id ? changed : event))
            : current.data.filter((event) => event.id !== id),
        }
      : current,
  );
  return queryClient.invalidateQueries({ queryKey: myEventsQueryKey });
}
