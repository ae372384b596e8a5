import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

const logoutResponseSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/auth').then((contract) => contract.LogoutResponseSchema);

export function logOut() {
  return apiClient.post('/api/auth/logout', undefined, logoutResponseSchema, {
    isIdempotent: true,
  });
}

export function useLogOut() {
  return useMutation({
    mutationFn: logOut,
    // The issuer ends its own session too, then sends the browser back to the site.
    onSuccess: ({ logoutUrl }) => window.location.assign(logoutUrl),
  });
}
