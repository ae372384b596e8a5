import type { BookmarkShare } from '@locals/contracts/bookmarks';
import * as bookmarkShare from '@locals/contracts/routes/bookmark-share';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedBookmarksQueryKey } from '@/lib/query-keys';

export const bookmarkShareQueryKey = ['bookmarks', 'share'] as const;

/** The signed-in person's read-only link to their list, or `share: null` when not sharing. */
export function useBookmarkShare() {
  return useQuery({
    queryKey: bookmarkShareQueryKey,
    queryFn: ({ signal }) => api(bookmarkShare.getBookmarkShare, {}, { signal }),
  });
}

/** Creates the link (POST) or revokes it (DELETE); the answer is the new state either way. */
export function useChangeBookmarkShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'revoke') =>
      action === 'create'
        ? // One link per person: creating it again answers the one there is.
          api(bookmarkShare.createBookmarkShare, {}, { isIdempotent: true })
        : api(bookmarkShare.revokeBookmarkShare, {}),
    onSuccess: ({ share }) =>
      queryClient.setQueryData<BookmarkShare>(bookmarkShareQueryKey, { share }),
  });
}

export function sharedBookmarksQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...sharedBookmarksQueryKey, token],
    queryFn: ({ signal }) =>
      api(bookmarkShare.getSharedBookmarks, { params: { token } }, { signal }),
  });
}

/** Someone's shared list, read by anyone holding the link; 404 once it has been revoked. */
export function useSharedBookmarks(token: string) {
  return useQuery(sharedBookmarksQueryOptions(token));
}
