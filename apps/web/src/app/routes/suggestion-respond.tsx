import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ProviderSuggestionResponse } from '@/features/suggestions/components/provider-suggestion-response';

/** /suggestions/respond?token=: the link in a provider's email. Opening it changes nothing. */
export function SuggestionRespondRoute() {
  const [params] = useSearchParams();
  useDocumentTitle('Respond to a suggestion');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <meta name="robots" content="noindex" />
      <ProviderSuggestionResponse token={params.get('token') ?? ''} />
    </div>
  );
}
