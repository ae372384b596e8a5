import { Search } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PostcodeField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { criteriaParams } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';
import { checkPostcode } from '../check-postcode';

type PostcodeSearchFormProps = {
  criteria: SearchCriteria;
  /** The server's words when it could not use the postcode (400 or 404). */
  serverError: string | undefined;
  onSearch: (postcode: string) => void;
};

/** The field's id, for an error summary's link to it. */
export const POSTCODE_FIELD_ID = 'results-postcode';

/** A quick "change postcode" form at the top of the results. */
export function PostcodeSearchForm({ criteria, serverError, onSearch }: PostcodeSearchFormProps) {
  const [postcode, setPostcode] = useState(criteria.postcode);
  const [clientError, setClientError] = useState<string>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkPostcode(postcode);
    if (checked.error !== undefined) {
      setClientError(checked.error);
      document.getElementById(POSTCODE_FIELD_ID)?.focus();
      return;
    }
    setClientError(undefined);
    onSearch(checked.postcode);
  }

  return (
    // Without JavaScript the browser sends the same GET, keeping other criteria (decision 018).
    <form
      noValidate
      method="get"
      action={paths.results}
      onSubmit={handleSubmit}
      aria-label="Change postcode"
      className="mb-6 flex flex-wrap items-end gap-x-3 rounded bg-surface p-4"
    >
      {[...criteriaParams(criteria)]
        .filter(([name]) => name !== 'postcode')
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <div className="w-full max-w-xs">
        <PostcodeField
          id={POSTCODE_FIELD_ID}
          label="Postcode"
          name="postcode"
          required
          value={postcode}
          error={clientError ?? serverError}
          onChange={(event) => setPostcode(event.target.value)}
        />
      </div>
      <Button type="submit" className="mb-5">
        <Search aria-hidden="true" className="size-5" />
        Search
      </Button>
      <Link to={`${paths.search}?${criteriaParams(criteria).toString()}`} className="mb-7 text-lg">
        More search options
      </Link>
    </form>
  );
}
