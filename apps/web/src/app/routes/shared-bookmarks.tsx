import { useParams } from 'react-router';
import { useDetailDialog } from '@/app/use-detail-dialog';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useNoIndex } from '@/hooks/use-no-index';
import { useSharedBookmarks } from '@/features/bookmarks/api/bookmark-share';
import { SharedListUnavailable } from '@/features/bookmarks/components/shared-list-unavailable';
import { SharedServiceList } from '@/features/bookmarks/components/shared-service-list';
import { isApiError } from '@/lib/api-client';

export function SharedBookmarksRoute() {
  const { token = '' } = useParams();
  const sharedList = useSharedBookmarks(token);
  const serviceDialog = useDetailDialog('service');
  useDocumentTitle('Shared list of services');
  // A private link: kept out of search engines.
  useNoIndex();
  const isRevoked = isApiError(sharedList.error) && sharedList.error.status === 404;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Shared list of services</h1>
      {sharedList.isPending && <p role="status">Loading the list...</p>}
      {isRevoked && <SharedListUnavailable />}
      {sharedList.isError && !isRevoked && (
        <div role="alert" className="max-w-prose">
          <p className="mb-4 text-lg">We could not load this list. {sharedList.error.message}</p>
          <Button onClick={() => void sharedList.refetch()}>Try again</Button>
        </div>
      )}
      {sharedList.isSuccess && (
        <SharedServiceList services={sharedList.data.services} onOpenService={serviceDialog.open} />
      )}
      {serviceDialog.dialog}
    </div>
  );
}
