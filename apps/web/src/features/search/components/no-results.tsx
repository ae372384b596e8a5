import type { Crisis } from '@locals/contracts/helplines';
import type { CategoryGap } from '@locals/contracts/search';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CrisisPanel } from '@/components/helplines/crisis-panel';
import { paths } from '@/config/paths';
import { resultsSearch, widerRadius } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

type NoResultsProps = {
  criteria: SearchCriteria;
  postcode: string;
  /** Set when the category asked for has no real service near (decision 011). */
  gap?: CategoryGap | null;
  /** Set when the keyword signals a risk to life: 999 and the crisis lines, straight after the heading. */
  crisis?: Crisis | null;
  /** The lines for the need, composed by the page: said before any other thing to try. */
  lines?: ReactNode;
  /** How the keyword was understood. */
  children?: ReactNode;
};

/**
 * The empty state, with the changes most likely to find something. When Locals simply has no
 * service of the kind near the place (decision 011), that is said first; the lines that can help
 * come before any suggestion to widen the search (decision 027), and a crisis panel before all.
 */
export function NoResults({ criteria, postcode, gap, crisis, lines, children }: NoResultsProps) {
  const wider = widerRadius(criteria.distance);
  const notFound = postcode ? `No services found for ${postcode}.` : 'No services found.';
  const widen = 'Try widening your search criteria.';
  return (
    <section aria-labelledby="no-results-heading" className="max-w-prose">
      <h1 id="no-results-heading" className="mb-2 text-4xl font-extrabold">
        No Results Found
      </h1>
      {crisis && <CrisisPanel crisis={crisis} />}
      <p className="mb-4 text-lg">
        {gap ? gap.message : lines ? notFound : `${notFound} ${widen}`}
      </p>
      {children}
      {lines}
      {(gap ?? lines) && <h2 className="mt-6 mb-2 text-2xl font-bold">Other things to try</h2>}
      {!gap && lines && <p className="mb-2 text-lg">{widen}</p>}
      <ul className="mb-6 list-disc space-y-2 pl-6 text-lg">
        {!criteria.includeUnverified && (
          <li>
            <Link to={`${paths.results}${resultsSearch({ ...criteria, includeUnverified: true })}`}>
              Include unchecked listings
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
