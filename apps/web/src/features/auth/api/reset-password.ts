import type { ResetPasswordForm } from '@locals/contracts/auth';
import * as accounts from '@locals/contracts/routes/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';

export function resetPassword(form: ResetPasswordForm) {
  // Not repeated: the link works once, so a retry would fail a reset that worked.
  return api(accounts.resetPassword, { body: form }, { isIdempotent: false });
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
