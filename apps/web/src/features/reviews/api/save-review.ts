import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

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
    // The service's rating and review count are shown in its detail and in search results.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsQueryKey(serviceId) }),
        queryClient.invalidateQueries({ queryKey: ['services'] }),
      ]),
  });
}
