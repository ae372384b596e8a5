import { paths } from '@/config/paths';
import { EMPTY_CRITERIA, resultsSearch, serviceLinkSearch } from '@/lib/search-criteria';

/** A search of the listing's postcode, with the listing open when its id is known. */
export function listingSearchHref(postcode: string, serviceId: string | null): string {
  const criteria = { ...EMPTY_CRITERIA, postcode };
  return (
    paths.results + (serviceId ? serviceLinkSearch(criteria, serviceId) : resultsSearch(criteria))
  );
}
