import { displayName } from '@locals/contracts/display-name';
import type { CurrentUser } from '@locals/contracts/auth';
import { getCurrentUser } from '@locals/contracts/routes/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export type Session =
  | { isSignedIn: false; isPending: boolean }
  | { isSignedIn: true; isPending: false; user: CurrentUser; displayName: string };

/**
 * The browser never holds a token: the server keeps the session behind an HttpOnly cookie and
 * answers GET /api/auth/me with the user, or `{ user: null }` when nobody is signed in.
 */
async function getSessionUser(signal: AbortSignal): Promise<CurrentUser | null> {
  const { user } = await api(getCurrentUser, {}, { signal });
  return user;
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: ({ signal }) => getSessionUser(signal),
  staleTime: 60_000,
  retry: false,
});

/** Signed in or not. Until /api/auth/me answers (or if it fails) nobody is signed in. */
export function useSession(): Session {
  const { data: user, isPending } = useQuery(sessionQueryOptions);
  if (!user) return { isSignedIn: false, isPending };
  return { isSignedIn: true, isPending: false, user, displayName: displayName(user) };
}
