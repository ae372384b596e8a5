import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../bookmarks')),
  ...(await import('../engagement-common')),
});
const tags = ['bookmarks'];
const ADD_DESCRIPTION =
  'Adding is idempotent: 201 when the bookmark is new, 200 when it was already there.';
// The bookmark is addressed by what it saves, so the answer is about the person's own list only.
const REMOVE_DESCRIPTION =
  'Removing is idempotent: 200 whether it was in your bookmarks or not, so a retried request whose first answer was lost succeeds too.';

export const listBookmarks = defineRoute({
  method: 'GET',
  path: '/api/users/bookmarks',
  load: async () => {
    const { BookmarksResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Your bookmarks, newest first: each service in full, each event at its next session',
      responses: { 200: BookmarksResponseSchema },
      errors: [401, 429, 500],
    };
  },
});

export const addServiceBookmark = defineRoute({
  method: 'POST',
  path: '/api/bookmarks',
  load: async () => {
    const { AddServiceBookmarkSchema, SuccessResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Bookmark a service',
      description: ADD_DESCRIPTION,
      body: AddServiceBookmarkSchema,
      responses: { 200: SuccessResponseSchema, 201: SuccessResponseSchema },
      errors: [400, 401, 403, 404, 413, 415, 429, 500],
    };
  },
});

export const removeServiceBookmark = defineRoute({
  method: 'DELETE',
  path: '/api/bookmarks/:serviceId',
  load: async () => {
    const { ServiceBookmarkParamsSchema, SuccessResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Remove a service from your bookmarks',
      description: REMOVE_DESCRIPTION,
      params: ServiceBookmarkParamsSchema,
      responses: { 200: SuccessResponseSchema },
      errors: [400, 401, 403, 429, 500],
    };
  },
});

export const addEventBookmark = defineRoute({
  method: 'POST',
  path: '/api/bookmarks/events',
  load: async () => {
    const { AddEventBookmarkSchema, SuccessResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Bookmark an event',
      description: `${ADD_DESCRIPTION} 404 for an event Locals does not list.`,
      body: AddEventBookmarkSchema,
      responses: { 200: SuccessResponseSchema, 201: SuccessResponseSchema },
      errors: [400, 401, 403, 404, 413, 415, 429, 500],
    };
  },
});

export const removeEventBookmark = defineRoute({
  method: 'DELETE',
  path: '/api/bookmarks/events/:eventId',
  load: async () => {
    const { EventBookmarkParamsSchema, SuccessResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Remove an event from your bookmarks',
      description: REMOVE_DESCRIPTION,
      params: EventBookmarkParamsSchema,
      responses: { 200: SuccessResponseSchema },
      errors: [400, 401, 403, 429, 500],
    };
  },
});
