import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as reviews from '@locals/contracts/routes/reviews';
import { api } from '@/lib/api-client';
import { refreshAfterReviewChange } from './review-changed';

export function deleteReview(reviewId: string) {
  return api(reviews.deleteReview, { params: { id: reviewId } });
}

export function useDeleteReview(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => refreshAfterReviewChange(queryClient, serviceId),
  });
}
