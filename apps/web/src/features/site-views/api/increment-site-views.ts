import * as siteViews from '@locals/contracts/routes/site-views';
import { api } from '@/lib/api-client';

export function incrementSiteViews() {
  // Not repeated: a retry after a lost answer would count the visit twice.
  return api(siteViews.incrementSiteViews, {}, { isIdempotent: false });
}
