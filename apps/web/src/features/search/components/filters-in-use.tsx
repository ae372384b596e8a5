import { X } from 'lucide-react';
import type { Ref } from 'react';
import { DEFAULT_RADIUS } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { activeFilters, radiusLabel } from '../active-filters';

type FiltersInUseProps = {
  criteria: SearchCriteria;
  onRemove: (without: SearchCriteria) => void;
  /** Takes focus once a filter is removed, so keyboard users are not left on nothing. */
  headingRef: Ref<HTMLHeadingElement>;
};

const chip = 'inline-flex min-h-11 items-center gap-2 rounded border-2 px-3 py-1 text-lg';

/** The keyword and every filter in use, each with its own remove button. */
export function FiltersInUse({ criteria, onRemove, headingRef }: FiltersInUseProps) {
  const filters = activeFilters(criteria);
  return (
    // The heading beside its chips: one line on a phone when only the radius is stated.
    <section
      aria-labelledby="filters-in-use-heading"
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2"
    >
      <h2 id="filters-in-use-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        Filters in use
      </h2>
      <ul className="flex flex-wrap gap-2">
        {/* The default radius is stated, not removable: removing it would change nothing. */}
        {criteria.distance === DEFAULT_RADIUS && (
          <li className={`${chip} border-line`}>{radiusLabel(criteria.distance)}</li>
        )}
        {filters.map((filter) => (
          <li key={filter.id}>
            <button
              type="button"
              onClick={() => onRemove(filter.without)}
              className={`${chip} cursor-pointer border-ink bg-white hover:bg-surface`}
            >
              <span className="sr-only">Remove filter:</span> {filter.label}
              <X aria-hidden="true" className="size-5" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
