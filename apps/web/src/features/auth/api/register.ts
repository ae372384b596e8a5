import type { RegisterForm } from '@locals/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const registerResponseSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.RegisterResponseSchema);

export function register(form: RegisterForm) {
  // Not repeated: a retry after a lost answer would meet the account the first try made.
  return apiClient.post('/api/auth/register', form, registerResponseSchema, {
    isIdempotent: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
