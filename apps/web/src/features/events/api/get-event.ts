import * as events from '@locals/contracts/routes/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getEvent(eventId: string, signal?: AbortSignal) {
  const response = await api(events.getEvent, { params: { id: eventId } }, { signal });
  return response.data;
}

export function eventQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: ['events', 'detail', eventId],
    queryFn: ({ signal }) => getEvent(eventId, signal),
  });
}

export function useEvent(eventId: string) {
  return useQuery(eventQueryOptions(eventId));
}
