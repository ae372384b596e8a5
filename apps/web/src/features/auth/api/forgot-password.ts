import type { ForgotPasswordRequest } from '@locals/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const messageResponseSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.MessageResponseSchema);

export function requestPasswordReset(request: ForgotPasswordRequest) {
  // Not repeated: the first try may already have sent the email.
  return apiClient.post('/api/auth/forgot-password', request, messageResponseSchema, {
    isIdempotent: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
