import { format, parseISO } from 'date-fns';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useProviderSuggestion, useRespondToSuggestion } from '../api/suggestion-status';
import {
  AlreadyDecided,
  ProviderDecisionButtons,
  ProviderDecisionThanks,
} from './provider-decision';

/** A malformed (400), unknown (404) or expired (410) token: nothing more can be done with it. */
function isInvalidLink(error: Error | null): boolean {
  return isApiError(error) && [400, 404, 410].includes(error.status);
}

function InvalidLink() {
  return (
    <>
      <h1 className="mb-4 text-4xl font-extrabold">This link is not valid or has expired.</h1>
      <p className="max-w-prose text-lg">
        Please check you used the whole link from the email. If it still does not work,{' '}
        <Link to={paths.support}>contact support</Link>.
      </p>
    </>
  );
}

/** The provider's side of the loop: read a suggestion from the email link, then decide. */
export function ProviderSuggestionResponse({ token }: { token: string }) {
  const suggestionQuery = useProviderSuggestion(token);
  const respond = useRespondToSuggestion(token);

  if (token === '' || isInvalidLink(suggestionQuery.error) || isInvalidLink(respond.error)) {
    return <InvalidLink />;
  }
  if (suggestionQuery.isPending) return <p role="status">Loading the suggestion...</p>;
  if (suggestionQuery.isError) {
    return (
      <div role="alert">
        <h1 className="mb-4 text-4xl font-extrabold">We could not load this suggestion</h1>
        <p className="mb-4 text-lg">{suggestionQuery.error.message}</p>
        <Button onClick={() => void suggestionQuery.refetch()}>Try again</Button>
      </div>
    );
  }

  const suggestion = suggestionQuery.data;
  return (
    <>
      <h1 className="mb-4 text-4xl font-extrabold">A suggestion for {suggestion.serviceName}</h1>
      <p className="mb-2 text-lg">Someone who uses Locals suggested this improvement:</p>
      <blockquote className="mb-2 border-l-8 border-line bg-surface p-4 text-lg whitespace-pre-line">
        {suggestion.suggestionText}
      </blockquote>
      <p className="mb-6 text-muted">
        Sent on{' '}
        <time dateTime={suggestion.createdAt}>
          {format(parseISO(suggestion.createdAt), 'd MMMM yyyy')}
        </time>
      </p>
      {respond.isSuccess ? (
        <ProviderDecisionThanks decision={respond.variables} />
      ) : suggestion.status !== 'new' ? (
        <AlreadyDecided decision={suggestion.status} />
      ) : (
        <ProviderDecisionButtons
          isSending={respond.isPending}
          onDecide={(decision) => respond.mutate(decision)}
        />
      )}
      {respond.isError && (
        <p role="alert" className="mt-4 font-bold text-danger">
          {respond.error.message}
        </p>
      )}
    </>
  );
}
