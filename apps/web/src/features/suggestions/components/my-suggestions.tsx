import { Button } from '@/components/ui/button';
import { longDate } from '@/lib/long-date';
import { useMySuggestions } from '../api/suggestion-status';
import { SuggestionStatusTag } from './suggestion-status-tag';

/** The person's side of the two-way loop: what they suggested and what each provider decided. */
export function MySuggestions() {
  const suggestionsQuery = useMySuggestions();
  const suggestions = [...(suggestionsQuery.data?.suggestions ?? [])].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );

  return (
    <section aria-labelledby="my-suggestions" className="mb-8 print:hidden">
      <h2 id="my-suggestions" className="mb-4 text-3xl font-bold">
        My suggestions
      </h2>
      {suggestionsQuery.isPending && <p role="status">Loading your suggestions...</p>}
      {suggestionsQuery.isError && (
        <div role="alert">
          <p className="mb-2">We could not load your suggestions.</p>
          <Button variant="secondary" onClick={() => void suggestionsQuery.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {suggestionsQuery.isSuccess && suggestions.length === 0 && (
        <p>
          You have not sent any suggestions yet. You can suggest an improvement from a
          service&apos;s details.
        </p>
      )}
      {suggestions.length > 0 && (
        <ul className="space-y-3">
          {suggestions.map((suggestion) => (
            <li key={suggestion.id} className="rounded border-2 border-line p-4">
              <article aria-label={`Suggestion for ${suggestion.serviceName}`}>
                <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-xl font-bold">{suggestion.serviceName}</h3>
                  <SuggestionStatusTag status={suggestion.status} readBy={suggestion.readBy} />
                </div>
                <p className="mb-1 whitespace-pre-line">{suggestion.suggestionText}</p>
                <p className="text-muted">
                  Sent on{' '}
                  <time dateTime={suggestion.createdAt}>{longDate(suggestion.createdAt)}</time>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
