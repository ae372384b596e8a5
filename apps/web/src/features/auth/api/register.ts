import type { RegisterForm } from '@locals/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const registerResponseSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.RegisterResponseSchema);

export function register(form: RegisterForm) {
  return apiClient.post('/api/auth/register', form, registerResponseSchema);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
