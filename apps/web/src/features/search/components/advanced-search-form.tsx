import { CATEGORIES } from '@locals/contracts/categories';
import { Search } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import type { FieldErrorItem } from '@/components/ui/error-summary';
import { PostcodeField, SelectField, SelectOptions, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { RADIUS_MILES } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { checkPostcode } from '../check-postcode';
import { IncludeUnverifiedField } from './include-unverified-field';

export const POSTCODE_FIELD_ID = 'search-postcode';

type AdvancedSearchFormProps = {
  criteria: SearchCriteria;
  /** The postcode to start from: the query string's, else the detected one. */
  initialPostcode: string;
  /** Radius, keyword, category and the unverified flag live in the URL as they change. */
  onFilterChange: (
    name: 'distance' | 'keyword' | 'category' | 'includeUnverified',
    value: string,
  ) => void;
  onSearch: (criteria: SearchCriteria) => void;
  /** The server's words when it could not use the searched postcode (400 or 404). */
  serverError?: string | undefined;
};

export function AdvancedSearchForm({
  criteria,
  initialPostcode,
  onFilterChange,
  onSearch,
  serverError,
}: AdvancedSearchFormProps) {
  // null until the person types, so a postcode detected after the page opened still shows.
  const [typedPostcode, setTypedPostcode] = useState<string | null>(null);
  // The fields answer from this draft, not from the URL: the URL catches up after a navigation,
  // and a field bound to it would show its old value until then (a tick that seems to bounce).
  const [draft, setDraft] = useState(criteria);
  const [checkErrors, setCheckErrors] = useState<FieldErrorItem[]>([]);
  // Until the person submits again, the server's answer about the postcode stands.
  const errors =
    checkErrors.length > 0 || serverError === undefined
      ? checkErrors
      : [{ fieldId: POSTCODE_FIELD_ID, message: serverError }];
  const postcode = typedPostcode ?? initialPostcode;
  const postcodeError = errors.find((error) => error.fieldId === POSTCODE_FIELD_ID)?.message;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkPostcode(postcode);
    if (checked.error !== undefined) {
      setCheckErrors([{ fieldId: POSTCODE_FIELD_ID, message: checked.error }]);
      return;
    }
    setCheckErrors([]);
    setTypedPostcode(checked.postcode);
    onSearch({ ...draft, keyword: draft.keyword.trim(), postcode: checked.postcode });
  }

  function change<Name extends 'distance' | 'keyword' | 'category' | 'includeUnverified'>(
    name: Name,
    value: SearchCriteria[Name],
  ) {
    setDraft((current) => ({ ...current, [name]: value }));
    onFilterChange(name, String(value));
  }

  return (
    // Not bound by browser validation; our messages are clearer and announced.
    // Without JavaScript the browser sends the GET /results the app navigates to (decision 018).
    <form
      noValidate
      method="get"
      action={paths.results}
      onSubmit={handleSubmit}
      aria-label="Search for services"
      className="max-w-xl"
    >
      <ErrorSummary errors={errors} />
      <PostcodeField
        id={POSTCODE_FIELD_ID}
        label="Postcode (required)"
        hint="For example BS1 4DJ. The first part, like BS1, also works."
        name="postcode"
        required
        className="max-w-60"
        value={postcode}
        error={postcodeError}
        onChange={(event) => setTypedPostcode(event.target.value)}
      />
      <SelectField
        id="search-distance"
        label="Search radius"
        name="distance"
        value={draft.distance}
        className="max-w-60"
        onChange={(event) => change('distance', event.target.value as SearchCriteria['distance'])}
      >
        <option value="">This area only</option>
        {RADIUS_MILES.map((miles) => (
          <option key={miles} value={String(miles)}>
            {miles} miles
          </option>
        ))}
      </SelectField>
      <TextField
        id="search-keyword"
        label="Keyword (optional)"
        hint="For example: food bank, GP, counselling"
        name="keyword"
        type="search"
        autoComplete="off"
        value={draft.keyword}
        onChange={(event) => change('keyword', event.target.value)}
      />
      <SelectField
        id="search-category"
        label="Category"
        name="category"
        value={draft.category}
        onChange={(event) => change('category', event.target.value as SearchCriteria['category'])}
      >
        <SelectOptions any="Any category" options={CATEGORIES} />
      </SelectField>
      <IncludeUnverifiedField
        id="search-include-unverified"
        checked={draft.includeUnverified}
        onChange={(checked) => change('includeUnverified', checked)}
      />
      <Button type="submit">
        <Search aria-hidden="true" className="size-5" />
        Search
      </Button>
    </form>
  );
}
