import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProviderEdits } from '../api/list-provider-edits';
import { BackToModeration } from './back-to-moderation';
import { ProviderEditItem } from './provider-edit-item';
import { QueryProblem } from './query-problem';

export function ProviderEdits() {
  useDocumentTitle('Provider edits');
  const query = useProviderEdits();
  if (query.isPending) return <p role="status">Loading the edits...</p>;
  if (query.isError) {
    return (
      <QueryProblem error={query.error} what="the edits" onTryAgain={() => void query.refetch()} />
    );
  }
  const { edits } = query.data;
  return (
    <>
      <BackToModeration />
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Provider edits</h1>
      <p className="mb-6 max-w-prose text-lg">
        Changes providers made to their own listings in the last 30 days, newest first. Revert an
        edit that is wrong or misleading.
      </p>
      {edits.length === 0 ? (
        <p className="text-lg">No provider has edited a listing in the last 30 days.</p>
      ) : (
        edits.map((edit) => <ProviderEditItem key={edit.id} edit={edit} />)
      )}
    </>
  );
}
