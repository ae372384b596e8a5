import type { RegisterForm } from '@locals/contracts/auth';
import * as accounts from '@locals/contracts/routes/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function register(form: RegisterForm) {
  // Not repeated: a retry after a lost answer would meet the account the first try made.
  return api(accounts.register, { body: form }, { isIdempotent: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
