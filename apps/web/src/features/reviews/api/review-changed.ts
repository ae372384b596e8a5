import type { QueryClient } from '@tanstack/react-query';
import {
  bookmarksQueryKey,
  serviceDetailQueryKey,
  sharedBookmarksQueryKey,
} from '@/lib/query-keys';
import { reviewsQueryKey } from './get-reviews';

/**
 * A review changes the service's rating and review count wherever they show. The caller's toast
 * waits for what the person is looking at (the reviews and the detail) only: loaded search and
 * map pages are marked stale and read again when next shown, rather than all refetched now, and
 * /bookmarks and shared lists refresh in the background.
 */
export function refreshAfterReviewChange(queryClient: QueryClient, serviceId: string) {
  void queryClient.invalidateQueries({ queryKey: ['services'], refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: bookmarksQueryKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: sharedBookmarksQueryKey });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewsQueryKey(serviceId) }),
    queryClient.invalidateQueries({ queryKey: serviceDetailQueryKey(serviceId) }),
  ]);
}
