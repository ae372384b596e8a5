import * as organiserEvents from '@locals/contracts/routes/organiser-events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { myEventsQueryKey } from '@/lib/query-keys';

export function myEventQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...myEventsQueryKey, id],
    queryFn: ({ signal }) => api(organiserEvents.getMyEvent, { params: { id } }, { signal }),
  });
}

/** One event the signed-in person submitted, as they wrote it (404 if it is not theirs). */
export function useMyEvent(id: string) {
  const session = useSession();
  return useQuery({ ...myEventQueryOptions(id), enabled: session.isSignedIn && id !== '' });
}
