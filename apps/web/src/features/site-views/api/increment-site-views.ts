import { apiClient } from '@/lib/api-client';
import { siteViewsSchema } from './get-site-views';

export function incrementSiteViews() {
  return apiClient.post('/api/site-views/increment', undefined, siteViewsSchema);
}
