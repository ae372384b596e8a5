import { apiClient } from '@/lib/api-client';
import { siteViewsSchema } from './get-site-views';

export function incrementSiteViews() {
  // Not repeated: a retry after a lost answer would count the visit twice.
  return apiClient.post('/api/site-views/increment', undefined, siteViewsSchema, {
    isIdempotent: false,
  });
}
