import type { SuccessResponse } from '@locals/contracts/engagement-common';
import * as bookmarks from '@locals/contracts/routes/bookmarks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { failureToast, type ToastOptions } from '@/components/ui/toast-context';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { bookmarksQueryKey } from '@/lib/query-keys';

export const bookmarksQueryOptions = queryOptions({
  queryKey: bookmarksQueryKey,
  queryFn: ({ signal }) => api(bookmarks.listBookmarks, {}, { signal }),
});

/** The signed-in person's bookmarks; nothing is asked for while signed out. */
export function useBookmarks() {
  const session = useSession();
  return useQuery({ ...bookmarksQueryOptions, enabled: session.isSignedIn });
}

/** Which services are bookmarked, for the SAVE toggles on cards and in the detail. */
export function useBookmarkedServiceIds(): ReadonlySet<string> {
  const { data } = useBookmarks();
  return useMemo(
    () =>
      new Set(
        (data?.bookmarks ?? []).flatMap((bookmark) =>
          bookmark.type === 'service' ? [bookmark.serviceId] : [],
        ),
      ),
    [data],
  );
}

type BookmarkChange =
  | { type: 'service'; id: string; bookmarked: boolean }
  | { type: 'event'; id: string; bookmarked: boolean };

export function changeBookmark({ type, id, bookmarked }: BookmarkChange): Promise<SuccessResponse> {
  // Adding what is already there answers 200 and changes nothing.
  const idempotent = { isIdempotent: true };
  if (type === 'service') {
    return bookmarked
      ? api(bookmarks.addServiceBookmark, { body: { serviceId: id } }, idempotent)
      : api(bookmarks.removeServiceBookmark, { params: { serviceId: id } });
  }
  return bookmarked
    ? api(bookmarks.addEventBookmark, { body: { eventId: id } }, idempotent)
    : api(bookmarks.removeEventBookmark, { params: { eventId: id } });
}

/**
 * Adds (`bookmarked: true`) or removes a bookmark. Spec 5: it counts as done only when the answer
 * says success; on failure nothing changes on screen and the caller shows the error toast.
 */
export function useChangeBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBookmark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarksQueryKey }),
  });
}

/** Spec 8: what a failed add or remove says. */
export function bookmarkFailedToast(error: unknown): ToastOptions {
  return failureToast('Failed to update bookmark.', error);
}
