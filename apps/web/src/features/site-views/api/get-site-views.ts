import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
export const siteViewsSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/site-views').then((contract) => contract.SiteViewsSchema);

export function getSiteViews(signal?: AbortSignal) {
  return apiClient.get('/api/site-views', siteViewsSchema, { signal });
}
