import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as reviews from '@locals/contracts/routes/reviews';
import { api } from '@/lib/api-client';
import { refreshAfterReviewChange } from './review-changed';

export type ReviewInput = { serviceId: string; rating: number; reviewText: string };

/** One review per person per service: posting again edits it. */
export function saveReview(review: ReviewInput) {
  // One review per person per service: posting it again edits it to the same.
  return api(reviews.saveReview, { body: review }, { isIdempotent: true });
}

export function useSaveReview(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: () => refreshAfterReviewChange(queryClient, serviceId),
  });
}
