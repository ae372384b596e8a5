import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../reviews')),
  ...(await import('../engagement-common')),
  ...(await import('../search')),
});
const tags = ['reviews'];

export const listReviews = defineRoute({
  method: 'GET',
  path: '/api/services/:id/reviews',
  load: async () => {
    const { ReviewsQuerySchema, ReviewsResponseSchema, ServiceIdParamsSchema } = await schemas();
    return {
      tags,
      summary:
        "A service's reviews, newest first, with the average, the spread of ratings and the signed-in person's own review",
      params: ServiceIdParamsSchema,
      query: ReviewsQuerySchema,
      responses: { 200: ReviewsResponseSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const saveReview = defineRoute({
  method: 'POST',
  path: '/api/reviews',
  load: async () => {
    const { CreateReviewSchema, ReviewResponseSchema } = await schemas();
    return {
      tags,
      summary:
        'Review a service (201); posting again edits your review of it (200): one review per person per service',
      body: CreateReviewSchema,
      responses: { 200: ReviewResponseSchema, 201: ReviewResponseSchema },
      errors: [400, 401, 403, 404, 413, 415, 429, 500],
    };
  },
});

export const deleteReview = defineRoute({
  method: 'DELETE',
  path: '/api/reviews/:id',
  load: async () => {
    const { ReviewIdParamsSchema, SuccessResponseSchema } = await schemas();
    return {
      tags,
      summary:
        "Delete your own review; deleting it again also answers 200 (anyone else's answers 404, as if it did not exist)",
      params: ReviewIdParamsSchema,
      responses: { 200: SuccessResponseSchema },
      errors: [400, 401, 403, 404, 429, 500],
    };
  },
});
