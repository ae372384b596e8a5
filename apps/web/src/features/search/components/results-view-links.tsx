import { ExternalLink, List, Map as MapIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { fullScreenMapSearch, mapSearch, resultsSearch } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

const tab =
  'inline-flex min-h-11 items-center gap-2 border-b-4 px-3 text-lg font-semibold no-underline sm:px-4';

export type ResultsView = 'list' | 'map';

/** List View / Map View, as links that keep the filters; the map also has a page of its own. */
export function ResultsViewLinks({
  criteria,
  view = 'list',
}: {
  criteria: SearchCriteria;
  view?: ResultsView;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-2 border-b-2 border-line">
      <nav aria-label="Results view" className="flex">
        <Link
          to={`${paths.results}${resultsSearch(criteria)}`}
          aria-current={view === 'list' ? 'page' : undefined}
          className={`${tab} ${view === 'list' ? 'border-brand text-brand-dark' : 'border-transparent'}`}
        >
          <List aria-hidden="true" className="size-5" />
          {/* "List" and "Map" on a phone, so Full Screen Map fits on the same line. */}
          List <span className="max-sm:sr-only">View</span>
        </Link>
        <Link
          to={`${paths.results}${mapSearch(criteria)}&view=map`}
          aria-current={view === 'map' ? 'page' : undefined}
          className={`${tab} ${view === 'map' ? 'border-brand text-brand-dark' : 'border-transparent'}`}
        >
          <MapIcon aria-hidden="true" className="size-5" />
          Map <span className="max-sm:sr-only">View</span>
        </Link>
      </nav>
      <a
        href={`${paths.map}${fullScreenMapSearch(criteria)}`}
        target="_blank"
        rel="noopener"
        className="mb-2 inline-flex items-center gap-1 text-lg"
      >
        Full Screen Map
        <ExternalLink aria-hidden="true" className="size-4" />{' '}
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}
