import type { Review, ReviewsResponse } from '@locals/contracts/reviews';
import { jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';

export const SERVICE_ID = 'demo:food-bs1-1';
export const REVIEWS_PATH = `/api/services/${encodeURIComponent(SERVICE_ID)}/reviews`;

export function buildReview(index: number, overrides: Partial<Review> = {}): Review {
  const day = String(28 - (index % 28)).padStart(2, '0');
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    serviceId: SERVICE_ID,
    rating: 5,
    reviewText: `Review number ${index}`,
    userName: `Person ${index}`,
    createdAt: `2026-11-${day}T12:00:00.000Z`,
    updatedAt: `2026-11-${day}T12:00:00.000Z`,
    helpful: 0,
    isMine: false,
    ...overrides,
  };
}

function summarise(reviews: Review[], page: number, pageSize: number): ReviewsResponse {
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const review of reviews) distribution[review.rating as 1 | 2 | 3 | 4 | 5] += 1;
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return {
    reviews: reviews.slice((page - 1) * pageSize, page * pageSize),
    totalCount: reviews.length,
    averageRating: reviews.length > 0 ? total / reviews.length : null,
    ratingDistribution: distribution,
    page,
    pageSize,
    hasMore: page * pageSize < reviews.length,
    myReview: reviews.find((review) => review.isMine) ?? null,
  };
}

/**
 * A small reviews API over an array, newest first: posting adds or edits the caller's review,
 * deleting removes it, so each change shows in the next GET. Extra handlers (the session) merge in.
 */
export function stubReviewsApi(
  initial: Review[],
  extra: Record<string, (request: RecordedRequest) => Response | Promise<Response>> = {},
) {
  let reviews = [...initial];
  return stubApi({
    [`GET ${REVIEWS_PATH}`]: (request) =>
      jsonResponse(
        summarise(
          reviews,
          Number(request.query.get('page') ?? 1),
          Number(request.query.get('pageSize') ?? 10),
        ),
      ),
    'POST /api/reviews': (request) => {
      const { rating, reviewText } = request.body as { rating: number; reviewText: string };
      const mine = reviews.find((review) => review.isMine);
      const review = mine
        ? { ...mine, rating, reviewText, updatedAt: '2026-12-02T12:00:00.000Z' }
        : buildReview(99, {
            rating,
            reviewText,
            userName: 'Ada L.',
            isMine: true,
            createdAt: '2026-12-01T12:00:00.000Z',
            updatedAt: '2026-12-01T12:00:00.000Z',
          });
      reviews = mine ? reviews.map((r) => (r.id === review.id ? review : r)) : [review, ...reviews];
      return jsonResponse({ success: true, review }, mine ? 200 : 201);
    },
    ...Object.fromEntries(
      reviews
        .filter((review) => review.isMine)
        .map((review) => [
          `DELETE /api/reviews/${review.id}`,
          () => {
            reviews = reviews.filter((r) => r.id !== review.id);
            return jsonResponse({ success: true });
          },
        ]),
    ),
    ...extra,
  });
}
