import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { resultsSearch, widerRadius } from '../search-criteria';
import type { SearchCriteria } from '../search-criteria';

/** Spec 2 "empty", with the two changes most likely to find something. */
export function NoResults({ criteria, postcode }: { criteria: SearchCriteria; postcode: string }) {
  const wider = widerRadius(criteria.distance);
  return (
    <section aria-labelledby="no-results-heading" className="max-w-prose">
      <h1 id="no-results-heading" className="mb-2 text-4xl font-extrabold">
        No Results Found
      </h1>
      <p className="mb-4 text-lg">
        {postcode ? `No services found for ${postcode}.` : 'No services found.'} Try widening your
        search criteria.
      </p>
      <ul className="list-disc space-y-2 pl-6 text-lg">
        {!criteria.includeUnverified && (
          <li>
            <Link to={`${paths.results}${resultsSearch({ ...criteria, includeUnverified: true })}`}>
              Include unverified services
            </Link>
          </li>
        )}
        {wider && (
          <li>
            <Link to={`${paths.results}${resultsSearch({ ...criteria, distance: wider })}`}>
              Search within {wider} miles
            </Link>
          </li>
        )}
        <li>
          <Link to={paths.search}>Start a new search</Link>
        </li>
      </ul>
    </section>
  );
}
