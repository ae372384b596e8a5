import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { criteriaParams } from '@/features/search/search-criteria';
import type { SearchCriteria } from '@/features/search/search-criteria';

/** Spec 2 /map "empty". */
export function NoServicesOnMap({ criteria }: { criteria: SearchCriteria }) {
  return (
    <section aria-labelledby="map-empty-heading" className="max-w-prose">
      <h2 id="map-empty-heading" className="mb-4 text-3xl font-extrabold">
        No services to display on map
      </h2>
      <Link
        to={`${paths.search}?${criteriaParams(criteria).toString()}`}
        className={buttonClassName()}
      >
        Back to Search
      </Link>
    </section>
  );
}
