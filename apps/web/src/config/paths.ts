import type { CategoryId } from '@locals/contracts/categories';
import {
  MY_EVENTS_PATH,
  NEW_EVENT_PATH,
  NEWSLETTER_FORM_PATH,
  NEWSLETTER_SUBSCRIBED_PATH,
} from '@locals/contracts/page-forms';

export const paths = {
  home: '/',
  search: '/search',
  results: '/results',
  map: '/map',
  events: '/events',
  about: '/about',
  support: '/support',
  listServices: '/list-services',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  bookmarks: '/bookmarks',
  sharedBookmarks: '/shared/bookmarks/:token',
  suggestionRespond: '/suggestions/respond',
  signIn: '/signin/:uid',
  resetPassword: '/reset-password',
  newsletter: NEWSLETTER_FORM_PATH,
  newsletterSubscribed: NEWSLETTER_SUBSCRIBED_PATH,
  newsletterUnsubscribed: '/newsletter/unsubscribed',
  newsletterUnsubscribeFailed: '/newsletter/unsubscribe-failed',
  myListings: '/my-listings',
  myListingEdit: '/my-listings/:id/edit',
  myListingClaim: '/my-listings/claim',
  listingCheck: '/listing-check',
  myEvents: MY_EVENTS_PATH,
  newEvent: NEW_EVENT_PATH,
  editEvent: '/my-events/:id/edit',
  moderation: '/moderation',
  moderationApplication: '/moderation/applications/:id',
  moderationSuggestions: '/moderation/suggestions',
  moderationProviderEdits: '/moderation/provider-edits',
  moderationStale: '/moderation/stale',
  moderationAudit: '/moderation/audit',
  moderationEvents: '/moderation/events',
} as const;

/** A category tile goes to /search, adding the postcode when one was detected. */
export function searchByCategoryHref(category: CategoryId, postcode = ''): string {
  const params = new URLSearchParams({ category });
  if (postcode) params.set('postcode', postcode);
  return `${paths.search}?${params.toString()}`;
}
