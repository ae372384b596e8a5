import { listPendingEvents } from '@locals/contracts/routes/organiser-events';
import type { RouteOutput } from '@locals/contracts/route';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKey } from './list-pending-applications';

export type PendingEvents = RouteOutput<typeof listPendingEvents>;
export type PendingEvent = PendingEvents['data'][number];

export const pendingEventsKey = [...moderationKey, 'events'] as const;

/** Events organisers submitted, waiting for a moderator, oldest first (decision 038). */
export function usePendingEvents() {
  return useQuery({
    queryKey: pendingEventsKey,
    queryFn: ({ signal }) => api(listPendingEvents, {}, { signal }),
  });
}
