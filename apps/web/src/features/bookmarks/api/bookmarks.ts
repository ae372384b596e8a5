import type { SuccessResponse } from '@locals/contracts/engagement-common';
import * as bookmarks from '@locals/contracts/routes/bookmarks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useEveryPartTakenOver } from '@/components/hydrate-in-turn';
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
  // Asked for once the page from the server is the app's: the cards' toggles must first match it.
  const isTakenOver = useEveryPartTakenOver();
  return useQuery({ ...bookmarksQueryOptions, enabled: session.isSignedIn && isTakenOver });
}

/** What a bookmark is of: a service or an event, by its id. */
export type BookmarkTarget = { type: 'service' | 'event'; id: string };

/** Which services (or events) are bookmarked, for the toggles on cards and in the details. */
export function useBookmarkedIds(type: BookmarkTarget['type']): ReadonlySet<string> {
  const { data } = useBookmarks();
  return useMemo(
    () =>
      new Set(
        (data?.bookmarks ?? []).flatMap((bookmark) => {
          if (bookmark.type !== type) return [];
          return [bookmark.type === 'service' ? bookmark.serviceId : bookmark.eventId];
        }),
      ),
    [data, type],
  );
}

type BookmarkChange = BookmarkTarget & { bookmarked: boolean };

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
 * Adds (`bookmarked: true`) or removes a bookmark. It counts as done only when the answer
 * says success; on failure nothing changes on screen and the caller shows the error toast.
 */
export function useChangeBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBookmark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarksQueryKey }),
  });
}

/** What a failed add or remove says. */
export function bookmarkFailedToast(error: unknown): ToastOptions {
  return failureToast('Failed to update bookmark.', error);
}
