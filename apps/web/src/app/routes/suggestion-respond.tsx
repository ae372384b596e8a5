import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useNoIndex } from '@/hooks/use-no-index';
import { ProviderSuggestionResponse } from '@/features/suggestions/components/provider-suggestion-response';

/** /suggestions/respond?token=: the link in a provider's email. Opening it changes nothing. */
export function SuggestionRespondRoute() {
  const [params] = useSearchParams();
  useDocumentTitle('Respond to a suggestion');
  useNoIndex();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <ProviderSuggestionResponse token={params.get('token') ?? ''} />
    </div>
  );
}
