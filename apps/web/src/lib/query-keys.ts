/*
 * The query keys more than one feature uses: a review, for one, changes what the bookmarks
 * lists and the service detail show, so the reviews feature refreshes them by these keys.
 */

/** The signed-in person's bookmarks. */
export const bookmarksQueryKey = ['bookmarks'] as const;

/** Every shared list that has been opened, each under its token. */
export const sharedBookmarksQueryKey = ['shared-bookmarks'] as const;

export const serviceDetailQueryKey = (serviceId: string) =>
  ['services', 'detail', serviceId] as const;

/**
 * The events the signed-in person submitted (decision 038): the list, and each one under it by
 * id, so a change to one refreshes both.
 */
export const myEventsQueryKey = ['my-events'] as const;
