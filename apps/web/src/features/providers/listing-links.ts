import { generatePath } from 'react-router';
import { paths } from '@/config/paths';

export function editListingHref(id: string): string {
  return generatePath(paths.myListingEdit, { id });
}

/** The public listing: its details open over the results near its postcode. */
export function publicListingHref(id: string, postcode: string | null): string {
  const search = new URLSearchParams({ serviceId: id });
  if (postcode) search.set('postcode', postcode);
  return `${paths.results}?${search.toString()}`;
}

/** Set by the claim page for the page it goes on to, which says the claim worked. */
export type ClaimedState = { claimedListing: string };

export function claimedListingOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('claimedListing' in state)) return null;
  return typeof state.claimedListing === 'string' ? state.claimedListing : null;
}
