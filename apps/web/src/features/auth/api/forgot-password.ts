import type { ForgotPasswordRequest } from '@locals/contracts/auth';
import * as accounts from '@locals/contracts/routes/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function requestPasswordReset(request: ForgotPasswordRequest) {
  // Not repeated: the first try may already have sent the email.
  return api(accounts.requestPasswordReset, { body: request }, { isIdempotent: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
