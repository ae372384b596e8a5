import type { SubscribeRequest } from '@locals/contracts/newsletter';
import * as newsletter from '@locals/contracts/routes/newsletter';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function subscribeToNewsletter(request: SubscribeRequest) {
  // One subscription per address; a repeat soon after sends no second confirmation.
  return api(newsletter.subscribeToNewsletter, { body: request }, { isIdempotent: true });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
