import { checkResetLink } from '@locals/contracts/routes/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whether the emailed link still works, asked before the form (it uses nothing up). */
export function resetLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-link', token],
    queryFn: ({ signal }) => api(checkResetLink, { query: { token } }, { signal }),
    // The answer only changes by this page's own use of the link, which replaces the form.
    staleTime: Infinity,
  });
}

export function useResetLinkCheck(token: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...resetLinkQueryOptions(token), enabled });
}
