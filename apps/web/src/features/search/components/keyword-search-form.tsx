import { Search } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { keywordResultsHref } from '@/config/paths';

export function KeywordSearchForm() {
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = keyword.trim();
    // Spec 5: a keyword of only spaces is no search at all.
    if (trimmed === '') return;
    void navigate(keywordResultsHref(trimmed));
  }

  return (
    <form role="search" onSubmit={handleSubmit} className="max-w-2xl">
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
