import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshAfterReviewChange } from './review-changed';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const reviewSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/reviews').then((contract) => contract.ReviewResponseSchema);

export type ReviewInput = { serviceId: string; rating: number; reviewText: string };

/** One review per person per service: posting again edits it. */
export function saveReview(review: ReviewInput) {
  // One review per person per service: posting it again edits it to the same.
  return apiClient.post('/api/reviews', review, reviewSchema, { isIdempotent: true });
}

export function useSaveReview(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: () => refreshAfterReviewChange(queryClient, serviceId),
  });
}
