import type { ServiceTypeCount } from '@locals/contracts/search';
import { useRef } from 'react';
import type { FieldErrorItem } from '@/components/ui/error-summary';
import { criteriaParams } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { FiltersInUse } from './filters-in-use';
import { ResultsFilterForm } from './results-filter-form';

type ResultsFiltersProps = {
  criteria: SearchCriteria;
  serviceTypes: ServiceTypeCount[];
  /** Problems in the address's filters, shown in the form (opened) at once. */
  initialErrors?: FieldErrorItem[];
  onChange: (next: SearchCriteria) => void;
};

/** What is filtered, each removable, and the form to change it. */
export function ResultsFilters({
  criteria,
  serviceTypes,
  initialErrors,
  onChange,
}: ResultsFiltersProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  function change(next: SearchCriteria) {
    onChange(next);
    // The button pressed goes away with the old filters; "Filters in use" says what is now.
    headingRef.current?.focus();
  }

  return (
    <>
      <FiltersInUse criteria={criteria} onRemove={change} headingRef={headingRef} />
      {/* Keyed by the URL's filters, so the form starts again from what is applied. */}
      <ResultsFilterForm
        key={criteriaParams(criteria).toString()}
        criteria={criteria}
        serviceTypes={serviceTypes}
        initialErrors={initialErrors}
        onApply={change}
      />
    </>
  );
}
