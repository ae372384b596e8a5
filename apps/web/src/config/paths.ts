import type { CategoryId } from '@locals/contracts/categories';

export const paths = {
  home: '/',
  search: '/search',
  results: '/results',
  events: '/events',
  about: '/about',
  support: '/support',
  listServices: '/list-services',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  bookmarks: '/bookmarks',
  newsletterUnsubscribed: '/newsletter/unsubscribed',
  newsletterUnsubscribeFailed: '/newsletter/unsubscribe-failed',
} as const;

export function searchByCategoryHref(category: CategoryId): string {
  return `${paths.search}?${new URLSearchParams({ category }).toString()}`;
}

/** Spec 9: the home keyword search uses distance 10, page 1, pageSize 10, any service type. */
export function keywordResultsHref(keyword: string): string {
  const params = new URLSearchParams({
    keyword,
    distance: '10',
    page: '1',
    pageSize: '10',
    serviceTypes: 'any',
    includeUnverified: 'false',
  });
  return `${paths.results}?${params.toString()}`;
}
