import { z } from 'zod';
import { boundedText, ServiceIdSchema, TimestampSchema } from './engagement-common';
import { MAX_REVIEW_LENGTH } from './limits';

/** POST /api/reviews. One review per person per service: posting again edits it. */
export const CreateReviewSchema = z.object({
  serviceId: ServiceIdSchema,
  rating: z.coerce
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int({ error: 'Choose a rating from 1 to 5 stars' })
    .min(1, { error: 'Choose a rating from 1 to 5 stars' })
    .max(5, { error: 'Choose a rating from 1 to 5 stars' }),
  reviewText: boundedText('Review', MAX_REVIEW_LENGTH),
});

/** Public: the author is shown by first name and last initial, never by id or email. */
export const ReviewSchema = z.object({
  id: z.uuid(),
  serviceId: z.string(),
  rating: z.number().int().min(1).max(5),
  reviewText: z.string(),
  userName: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  helpful: z.number().int().nonnegative(),
  /** True for the signed-in person's own review, which they may edit or delete. */
  isMine: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** Any string: an id that is not a UUID is a review that does not exist (404). */
export const ReviewIdParamsSchema = z.object({ id: z.string().max(200) });

export const ReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** GET /api/services/{id}/reviews: newest first. */
export const ReviewsResponseSchema = z.object({
  reviews: z.array(ReviewSchema),
  totalCount: z.number().int().nonnegative(),
  /** Null while the service has no reviews. */
  averageRating: z.number().nullable(),
  ratingDistribution: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  /** The signed-in person's review of this service, wherever it falls in the pages. */
  myReview: ReviewSchema.nullable(),
});
export type ReviewsResponse = z.infer<typeof ReviewsResponseSchema>;

export const ReviewResponseSchema = z.object({ success: z.literal(true), review: ReviewSchema });
