import type { LoginRequest } from '@locals/contracts/auth';
import * as accounts from '@locals/contracts/routes/accounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function logIn(request: LoginRequest) {
  // Signing in twice with the same details ends the same way.
  return api(accounts.logIn, { body: request }, { isIdempotent: true });
}

export function useLogIn() {
  return useMutation({
    mutationFn: logIn,
    // The issuer takes it from here; the browser comes back to returnTo signed in.
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
}
