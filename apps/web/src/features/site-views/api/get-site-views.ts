import * as siteViews from '@locals/contracts/routes/site-views';
import { api } from '@/lib/api-client';

export function getSiteViews(signal?: AbortSignal) {
  return api(siteViews.getSiteViews, {}, { signal });
}
