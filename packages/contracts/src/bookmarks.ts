import { z } from 'zod';
import { limitedText } from './text-field';
import { ServiceIdSchema, SuccessResponseSchema, TimestampSchema } from './engagement-common';
import { EventSchema } from './events';
import { ServiceDetailSchema, ServiceSummarySchema } from './search';

/** POST /api/bookmarks. Adding a bookmark that exists is not an error. */
export const AddServiceBookmarkSchema = z.object({ serviceId: ServiceIdSchema });

/** DELETE /api/bookmarks/{serviceId}. */
export const ServiceBookmarkParamsSchema = z.object({ serviceId: ServiceIdSchema });

const EventIdSchema = limitedText({ label: 'eventId', max: 200 });

/** POST /api/bookmarks/events. */
export const AddEventBookmarkSchema = z.object({ eventId: EventIdSchema });

/** DELETE /api/bookmarks/events/{eventId}. */
export const EventBookmarkParamsSchema = z.object({ eventId: EventIdSchema });

export const ServiceBookmarkSchema = z.object({
  id: z.uuid(),
  type: z.literal('service'),
  serviceId: z.string(),
  createdAt: TimestampSchema,
  /** The full service, as GET /api/services/{id} returns it (distance null). */
  service: ServiceDetailSchema,
});
export type ServiceBookmark = z.infer<typeof ServiceBookmarkSchema>;

/**
 * A saved event, as GET /api/events/{id} describes it (its next session, or its last once it
 * has passed: `event.passed`). `event` is null when the organiser's feed no longer lists it.
 */
export const EventBookmarkSchema = z.object({
  id: z.uuid(),
  type: z.literal('event'),
  eventId: z.string(),
  createdAt: TimestampSchema,
  event: EventSchema.nullable(),
});
export type EventBookmark = z.infer<typeof EventBookmarkSchema>;

/** GET /api/users/bookmarks: newest first. */
export const BookmarksResponseSchema = z.object({
  bookmarks: z.array(z.discriminatedUnion('type', [ServiceBookmarkSchema, EventBookmarkSchema])),
});
export type BookmarksResponse = z.infer<typeof BookmarksResponseSchema>;

/** GET/POST /api/users/me/bookmark-share: the person's read-only link, or null once revoked. */
export const BookmarkShareSchema = z.object({
  share: z.object({ token: z.string(), url: z.url(), createdAt: TimestampSchema }).nullable(),
});
export type BookmarkShare = z.infer<typeof BookmarkShareSchema>;

/**
 * DELETE /api/users/me/bookmark-share: done, and the new state (no link), so a client may read it
 * as either a SuccessResponse or a BookmarkShare.
 */
export const RevokeBookmarkShareResponseSchema = SuccessResponseSchema.extend({
  share: z.null(),
});
export type RevokeBookmarkShareResponse = z.infer<typeof RevokeBookmarkShareResponseSchema>;

/** Any string: a token that was never issued is answered like a revoked one (404), not 400. */
export const SharedListParamsSchema = z.object({ token: z.string() });

/** GET /api/shared/bookmarks/{token}: the services only, nothing about whose list it is. */
export const SharedBookmarksResponseSchema = z.object({
  services: z.array(ServiceSummarySchema),
});
export type SharedBookmarksResponse = z.infer<typeof SharedBookmarksResponseSchema>;
