import { routeUrl } from '@locals/contracts/route';
import * as auth from '@locals/contracts/routes/auth';
import type { Location } from 'react-router';

/** Pages that belong to the sign-in journey itself make no sense to come back to. */
const NO_RETURN_PREFIXES = ['/signin/', '/reset-password'];

export function returnToFor(location: Pick<Location, 'pathname' | 'search'>): string {
  if (NO_RETURN_PREFIXES.some((prefix) => location.pathname.startsWith(prefix))) return '/';
  const search = new URLSearchParams(location.search);
  search.delete('signin');
  const query = search.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

export function signInUrl(returnTo: string): string {
  return `${routeUrl(auth.startSignIn.path)}?${new URLSearchParams({ returnTo }).toString()}`;
}

/**
 * A full-page navigation, not fetch: the server sends the browser on to the issuer and back,
 * setting the HttpOnly session cookie on the way, so no token ever reaches page JavaScript.
 */
export function startSignIn(returnTo: string): void {
  window.location.assign(signInUrl(returnTo));
}
