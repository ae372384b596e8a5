import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshAfterReviewChange } from './review-changed';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const successSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/engagement-common').then(
        (contract) => contract.SuccessResponseSchema,
      );

export function deleteReview(reviewId: string) {
  return apiClient.delete(`/api/reviews/${encodeURIComponent(reviewId)}`, successSchema);
}

export function useDeleteReview(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => refreshAfterReviewChange(queryClient, serviceId),
  });
}
