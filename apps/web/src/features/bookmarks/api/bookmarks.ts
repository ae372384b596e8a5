import type { BookmarksResponse } from '@locals/contracts/bookmarks';
import type { SuccessResponse } from '@locals/contracts/engagement-common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { failureToast, type ToastOptions } from '@/components/ui/toast-context';
import { apiClient } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const bookmarksSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/bookmarks').then((contract) => contract.BookmarksResponseSchema);
const successSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/engagement-common').then(
        (contract) => contract.SuccessResponseSchema,
      );

export const bookmarksQueryKey = ['bookmarks'] as const;

export const bookmarksQueryOptions = queryOptions({
  queryKey: bookmarksQueryKey,
  queryFn: ({ signal }) =>
    apiClient.get<BookmarksResponse>('/api/users/bookmarks', bookmarksSchema, { signal }),
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
  const collection = type === 'service' ? '/api/bookmarks' : '/api/bookmarks/events';
  if (bookmarked) {
    const body = type === 'service' ? { serviceId: id } : { eventId: id };
    // Adding what is already there answers 200 and changes nothing.
    return apiClient.post<SuccessResponse>(collection, body, successSchema, { isIdempotent: true });
  }
  return apiClient.delete<SuccessResponse>(
    `${collection}/${encodeURIComponent(id)}`,
    successSchema,
  );
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
