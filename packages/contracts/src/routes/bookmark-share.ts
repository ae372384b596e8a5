import { defineRoute } from '../route';

const schemas = () => import('../bookmarks');
const tags = ['bookmarks'];
const SHARE_PATH = '/api/users/me/bookmark-share';

export const getBookmarkShare = defineRoute({
  method: 'GET',
  path: SHARE_PATH,
  load: async () => {
    const { BookmarkShareSchema } = await schemas();
    return {
      tags,
      summary: 'Your read-only link to your bookmarked services, or null when you are not sharing',
      responses: { 200: BookmarkShareSchema },
      errors: [401, 429, 500],
    };
  },
});

export const createBookmarkShare = defineRoute({
  method: 'POST',
  path: SHARE_PATH,
  load: async () => {
    const { BookmarkShareSchema } = await schemas();
    return {
      tags,
      summary: 'Create your share link (201), or get the one you have (200)',
      description:
        'One link per person; it shows your bookmarked services live, never who you are.',
      responses: { 200: BookmarkShareSchema, 201: BookmarkShareSchema },
      errors: [401, 403, 413, 415, 429, 500],
    };
  },
});

export const revokeBookmarkShare = defineRoute({
  method: 'DELETE',
  path: SHARE_PATH,
  load: async () => {
    const { RevokeBookmarkShareResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Revoke your share link: it stops working at once',
      description: 'Idempotent: revoking when there is no link also answers 200.',
      responses: { 200: RevokeBookmarkShareResponseSchema },
      errors: [401, 403, 429, 500],
    };
  },
});

/** Public: whoever holds the link reads the list, signed in or not. */
export const getSharedBookmarks = defineRoute({
  method: 'GET',
  path: '/api/shared/bookmarks/:token',
  load: async () => {
    const { SharedBookmarksResponseSchema, SharedListParamsSchema } = await schemas();
    return {
      tags,
      summary:
        "Someone's shared list: their bookmarked services, newest first, and nothing about them",
      params: SharedListParamsSchema,
      responses: { 200: SharedBookmarksResponseSchema },
      errors: [404, 429, 500],
    };
  },
});
