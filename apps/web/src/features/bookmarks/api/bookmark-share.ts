import type { BookmarkShare, SharedBookmarksResponse } from '@locals/contracts/bookmarks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const shareSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/bookmarks').then((contract) => contract.BookmarkShareSchema);
const sharedListSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/bookmarks').then(
        (contract) => contract.SharedBookmarksResponseSchema,
      );

const SHARE_PATH = '/api/users/me/bookmark-share';
export const bookmarkShareQueryKey = ['bookmarks', 'share'] as const;
/** Every shared list that has been opened, each under its token. */
export const sharedBookmarksQueryKey = ['shared-bookmarks'] as const;

/** The signed-in person's read-only link to their list, or `share: null` when not sharing. */
export function useBookmarkShare() {
  return useQuery({
    queryKey: bookmarkShareQueryKey,
    queryFn: ({ signal }) => apiClient.get<BookmarkShare>(SHARE_PATH, shareSchema, { signal }),
  });
}

/** Creates the link (POST) or revokes it (DELETE); the answer is the new state either way. */
export function useChangeBookmarkShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'revoke') =>
      action === 'create'
        ? // One link per person: creating it again answers the one there is.
          apiClient.post<BookmarkShare>(SHARE_PATH, undefined, shareSchema, { isIdempotent: true })
        : apiClient.delete<BookmarkShare>(SHARE_PATH, shareSchema),
    onSuccess: (answer) => queryClient.setQueryData(bookmarkShareQueryKey, answer),
  });
}

export function sharedBookmarksQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...sharedBookmarksQueryKey, token],
    queryFn: ({ signal }) =>
      apiClient.get<SharedBookmarksResponse>(
        `/api/shared/bookmarks/${encodeURIComponent(token)}`,
        sharedListSchema,
        { signal },
      ),
  });
}

/** Someone's shared list, read by anyone holding the link; 404 once it has been revoked. */
export function useSharedBookmarks(token: string) {
  return useQuery(sharedBookmarksQueryOptions(token));
}
