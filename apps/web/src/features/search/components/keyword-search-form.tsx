import { Search } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { analytics } from '@/lib/analytics';
import { EMPTY_CRITERIA, resultsSearch } from '@/lib/search-criteria';

type KeywordSearchFormProps = {
  /** The detected postcode, or '' (the keyword search uses it when there is one). */
  postcode: string;
};

export function KeywordSearchForm({ postcode }: KeywordSearchFormProps) {
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = keyword.trim();
    // A keyword of only spaces is no search at all.
    if (trimmed === '') return;
    analytics.track('search', { search_term: trimmed });
    // The defaults otherwise: distance 10, page 1, pageSize 10, any service type, verified only.
    void navigate(
      `${paths.results}${resultsSearch({ ...EMPTY_CRITERIA, keyword: trimmed, postcode })}`,
    );
  }

  return (
    // Without JavaScript the browser sends the same GET the app makes (decision 018).
    <form
      role="search"
      method="get"
      action={paths.results}
      onSubmit={handleSubmit}
      className="max-w-2xl"
    >
      {postcode && <input type="hidden" name="postcode" value={postcode} />}
      <label htmlFor="home-keyword" className="mb-1 block text-xl font-bold">
        What are you looking for?
      </label>
      <p id="home-keyword-hint" className="mb-2">
        For example: food bank, GP, counselling, library
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="home-keyword"
          name="keyword"
          type="search"
          required
          autoComplete="off"
          aria-describedby="home-keyword-hint"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          className="min-h-12 grow border-2 border-ink bg-white px-3 text-lg text-ink"
        />
        <Button type="submit" variant="inverse" className="min-h-12">
          <Search aria-hidden="true" className="size-5" />
          Search
        </Button>
      </div>
    </form>
  );
}
