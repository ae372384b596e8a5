import type { ResetPasswordForm } from '@locals/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const messageResponseSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.MessageResponseSchema);

export function resetPassword(form: ResetPasswordForm) {
  return apiClient.post('/api/auth/reset-password', form, messageResponseSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
