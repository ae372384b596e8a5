import { useState } from 'react';
import { AdvancedSearchForm } from '@/features/search/components/advanced-search-form';
import { criteriaParams, readCriteria } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

type MapSearchOptionsProps = {
  criteria: SearchCriteria;
  onSearch: (criteria: SearchCriteria) => void;
  /** The server's words when it could not use the postcode: the options open to correct it. */
  serverError?: string | undefined;
};

/**
 * A collapsible 'Search Options'. Unlike /search, a changed filter waits for the Search
 * button: each new map query asks for up to 1000 services, too much to send on every keystroke.
 */
export function MapSearchOptions({ criteria, onSearch, serverError }: MapSearchOptionsProps) {
  const [draft, setDraft] = useState(criteria);

  function changeFilter(name: string, value: string) {
    const params = criteriaParams(draft);
    params.set(name, value);
    setDraft(readCriteria(params));
  }

  return (
    <details
      open={!criteria.postcode || serverError !== undefined}
      className="mb-4 rounded border-2 border-line p-3"
    >
      <summary className="cursor-pointer text-lg font-bold">Search Options</summary>
      <div className="mt-3">
        <AdvancedSearchForm
          criteria={draft}
          initialPostcode={criteria.postcode}
          onFilterChange={changeFilter}
          onSearch={onSearch}
          serverError={serverError}
        />
      </div>
    </details>
  );
}
