import type { SubscribeRequest } from '@locals/contracts/newsletter';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const subscribeResponseSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/newsletter').then((contract) => contract.SubscribeResponseSchema);

export function subscribeToNewsletter(request: SubscribeRequest) {
  // One subscription per address; a repeat soon after sends no second confirmation.
  return apiClient.post('/api/newsletter/subscribe', request, subscribeResponseSchema, {
    isIdempotent: true,
  });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
