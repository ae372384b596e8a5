import type { ResetPasswordForm } from '@locals/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';

const messageResponseSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.MessageResponseSchema);

export function resetPassword(form: ResetPasswordForm) {
  // Not repeated: the link works once, so a retry would fail a reset that worked.
  return apiClient.post('/api/auth/reset-password', form, messageResponseSchema, {
    isIdempotent: false,
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The server signs out every session of the account, perhaps this browser's: ask again
    // rather than keep "Welcome, ..." from the cached answer (someone else may be signed in).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  });
}
