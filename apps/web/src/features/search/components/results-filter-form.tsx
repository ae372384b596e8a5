import { CATEGORIES } from '@locals/contracts/categories';
import type { CategoryId } from '@locals/contracts/categories';
import type { ServiceTypeCount } from '@locals/contracts/search';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import type { FieldErrorItem } from '@/components/ui/error-summary';
import { CheckboxField, SelectField, SelectOptions, TextField } from '@/components/ui/field';
import { FILTERS_APPLIED } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { paths } from '@/config/paths';
import { joinServiceTypes, serviceTypeList } from '../active-filters';
import { AGE_MAX_FIELD_ID, AGE_MIN_FIELD_ID, checkAges } from '../check-ages';
import { IncludeUnverifiedField } from './include-unverified-field';

type ResultsFilterFormProps = {
  criteria: SearchCriteria;
  /** The service types among every match of the search (decision 045), with their counts. */
  serviceTypes: ServiceTypeCount[];
  /** Problems found in the address's filters: shown at once, with the form open. */
  initialErrors?: FieldErrorItem[];
  onApply: (next: SearchCriteria) => void;
};

const RATINGS = [
  ['', 'Any rating'],
  ['1-stars', '1 star or more'],
  ['2-stars', '2 stars or more'],
  ['3-stars', '3 stars or more'],
  ['4-stars', '4 stars or more'],
  ['5-stars', '5 stars'],
] as const;

/**
 * The filters read from the URL, as a form behind a disclosure: on a small screen the
 * results come first, and "Filters in use" above says what is applied.
 */
export function ResultsFilterForm({
  criteria,
  serviceTypes,
  initialErrors = [],
  onApply,
}: ResultsFilterFormProps) {
  const [draft, setDraft] = useState(criteria);
  const [errors, setErrors] = useState<FieldErrorItem[]>(initialErrors);
  const chosenTypes = serviceTypeList(draft.serviceTypes);
  const counts = new Map(serviceTypes.map(({ type, count }) => [type.toLowerCase(), count]));
  // The types chosen in the URL stay on offer even when no match has them, so they can be removed.
  const typeOptions = [
    ...new Map(
      [...serviceTypeList(criteria.serviceTypes), ...serviceTypes.map(({ type }) => type)].map(
        (type) => [type.toLowerCase(), type],
      ),
    ).values(),
  ];
  const typeLabel = (type: string) => {
    const count = counts.get(type.toLowerCase());
    return count === undefined ? type : `${type} (${count})`;
  };
  const errorOf = (fieldId: string) => errors.find((error) => error.fieldId === fieldId)?.message;

  function update(change: Partial<SearchCriteria>) {
    setDraft((current) => ({ ...current, ...change }));
  }

  // Types compare as the API compares them, ignoring case ('gp practice' is GP practice).
  const isChosen = (type: string) =>
    chosenTypes.some((chosen) => chosen.toLowerCase() === type.toLowerCase());

  function toggleType(type: string, isChosen: boolean) {
    const others = chosenTypes.filter((chosen) => chosen.toLowerCase() !== type.toLowerCase());
    update({ serviceTypes: joinServiceTypes(isChosen ? [...others, type] : others) });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = { ...draft, ageMin: draft.ageMin.trim(), ageMax: draft.ageMax.trim() };
    const found = checkAges(next.ageMin, next.ageMax);
    setErrors(found);
    if (found.length === 0) onApply(next);
  }

  const ageField = (id: string, name: 'ageMin' | 'ageMax', label: string) => (
    <TextField
      id={id}
      name={name}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      className="max-w-28"
      value={draft[name]}
      error={errorOf(id)}
      onChange={(event) => update({ [name]: event.target.value })}
    />
  );

  return (
    <details className="mb-4 border-2 border-line" open={initialErrors.length > 0 || undefined}>
      <summary className="min-h-11 cursor-pointer bg-surface px-4 py-2 text-lg font-bold">
        Filter results
      </summary>
      {/* A GET form with named fields, so "Apply filters" works without JavaScript too (issue
          28); the server turns its address into the one the app makes (FILTERS_APPLIED). */}
      <form
        method="get"
        action={paths.results}
        noValidate
        onSubmit={handleSubmit}
        aria-label="Filter results"
        className="p-4"
      >
        <input type="hidden" name="postcode" value={criteria.postcode} />
        <input type="hidden" name="distance" value={criteria.distance} />
        <input type="hidden" name="keyword" value={criteria.keyword} />
        <input type="hidden" name={FILTERS_APPLIED} value="true" />
        <ErrorSummary errors={errors} />
        <SelectField
          id="filter-category"
          name="category"
          label="Category"
          value={draft.category}
          className="max-w-sm"
          onChange={(event) => update({ category: event.target.value as CategoryId | '' })}
        >
          <SelectOptions any="Any category" options={CATEGORIES} />
        </SelectField>
        {typeOptions.length > 0 && (
          <fieldset className="mb-5">
            <legend className="mb-1 text-lg font-bold">Service type</legend>
            <p className="mb-2 text-muted">Choose none to see every type.</p>
            {typeOptions.map((type, index) => (
              <CheckboxField
                key={type}
                id={`filter-service-type-${index}`}
                name="serviceTypes"
                value={type}
                label={typeLabel(type)}
                checked={isChosen(type)}
                onChange={(event) => toggleType(type, event.target.checked)}
              />
            ))}
          </fieldset>
        )}
        <SelectField
          id="filter-rating"
          name="reviewRating"
          label="Rating"
          hint="From the reviews of people who used the service. Few services have one yet."
          value={draft.reviewRating === 'any' ? '' : draft.reviewRating}
          className="max-w-sm"
          onChange={(event) => update({ reviewRating: event.target.value })}
        >
          {RATINGS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <fieldset className="mb-5">
          <legend className="mb-1 text-lg font-bold">Ages the service is for</legend>
          <p className="mb-2 text-muted">For example, 16 to 25. Leave blank for any age.</p>
          <div className="flex flex-wrap gap-x-6">
            {ageField(AGE_MIN_FIELD_ID, 'ageMin', 'Age from')}
            {ageField(AGE_MAX_FIELD_ID, 'ageMax', 'Age to')}
          </div>
        </fieldset>
        <CheckboxField
          id="filter-open-now"
          name="openNow"
          value="true"
          label="Open now"
          hint="Only services whose opening hours say they are open now. Services with no opening hours are left out, unless you include them below."
          checked={draft.openNow}
          onChange={(event) => update({ openNow: event.target.checked })}
        />
        <CheckboxField
          id="filter-unknown-hours"
          name="includeUnknownHours"
          value="true"
          label="Include services whose hours are not known"
          hint="With Open now. Locals cannot tell whether these are open: check with the service before you go."
          checked={draft.includeUnknownHours}
          onChange={(event) => update({ includeUnknownHours: event.target.checked })}
        />
        <IncludeUnverifiedField
          id="filter-include-unverified"
          checked={draft.includeUnverified}
          onChange={(includeUnverified) => update({ includeUnverified })}
        />
        <Button type="submit">Apply filters</Button>
      </form>
    </details>
  );
}
