import type { LoginRequest } from '@locals/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The one place that knows where the built-in issuer's sign-in step is posted. */
export function loginPath(_uid: string): string {
  return '/api/auth/login';
}

const loginResponseSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.LoginResponseSchema);

export function logIn(request: LoginRequest) {
  // Signing in twice with the same details ends the same way.
  return apiClient.post(loginPath(request.uid), request, loginResponseSchema, {
    isIdempotent: true,
  });
}

export function useLogIn() {
  return useMutation({
    mutationFn: logIn,
    // The issuer takes it from here; the browser comes back to returnTo signed in.
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
}
