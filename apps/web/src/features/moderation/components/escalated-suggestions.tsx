import { useDocumentTitle } from '@/hooks/use-document-title';
import { useEscalatedSuggestions } from '../api/list-escalated-suggestions';
import { BackToModeration } from './back-to-moderation';
import { EscalatedSuggestionItem } from './escalated-suggestion-item';
import { QueryProblem } from './query-problem';

export function EscalatedSuggestions() {
  useDocumentTitle('Suggestions waiting');
  const query = useEscalatedSuggestions();
  if (query.isPending) return <p role="status">Loading the suggestions...</p>;
  if (query.isError) {
    return (
      <QueryProblem
        error={query.error}
        what="the suggestions"
        onTryAgain={() => void query.refetch()}
      />
    );
  }
  const { suggestions, total } = query.data;
  return (
    <>
      <BackToModeration />
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Suggestions waiting</h1>
      <p className="mb-6 max-w-prose text-lg">
        {total === 1 ? '1 suggestion' : `${total} suggestions`} waiting, oldest first: about
        listings no provider has claimed on Locals, or that their provider did not answer within 5
        business days. Accept one by editing the listing, or reject it.
      </p>
      {suggestions.length === 0 ? (
        <p className="text-lg">No suggestions are waiting.</p>
      ) : (
        suggestions.map((suggestion) => (
          <EscalatedSuggestionItem key={suggestion.id} suggestion={suggestion} />
        ))
      )}
    </>
  );
}
