import { categoryLabel } from '@locals/contracts/categories';
import { useNavigate, useSearchParams } from 'react-router';
import { keepScroll } from '@/lib/scroll-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import {
  LocationStatus,
  useAutomaticLocationDetection,
} from '@/features/location/components/location-status';
import { useDetectedLocation } from '@/features/location/location-context';
import { AdvancedSearchForm } from '@/features/search/components/advanced-search-form';
import { analytics } from '@/lib/analytics';
import { readCriteria, resultsSearch } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

export function searchHeading(category: string, postcode: string): string {
  const what = categoryLabel(category) ?? '';
  const services = what ? `${what} services` : 'services';
  return postcode ? `Find ${services} in ${postcode}` : `Find ${services} near you`;
}

export function SearchRoute() {
  useAutomaticLocationDetection();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const detected = useDetectedLocation();
  const criteria = readCriteria(params);
  const postcode = criteria.postcode || detected.postcode;
  const heading = searchHeading(criteria.category, postcode);
  useDocumentTitle(heading);

  function changeFilter(name: string, value: string) {
    // Filter changes replace the history entry, so Back leaves the page.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true, state: keepScroll() },
    );
  }

  function search(next: SearchCriteria) {
    analytics.track('search', { search_term: next.keyword, postcode: next.postcode });
    void navigate(`${paths.results}${resultsSearch(next)}`);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-2 text-4xl font-extrabold">{heading}</h1>
      <LocationStatus className="mb-6" />
      <AdvancedSearchForm
        // A different postcode in the URL (or a fresh detection) starts the form afresh.
        key={criteria.postcode}
        criteria={criteria}
        initialPostcode={postcode}
        onFilterChange={changeFilter}
        onSearch={search}
      />
    </div>
  );
}
