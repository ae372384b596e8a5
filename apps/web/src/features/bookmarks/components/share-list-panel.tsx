import { Share2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useBookmarkShare, useChangeBookmarkShare } from '../api/bookmark-share';
import { CopyShareLinkButton } from './copy-share-link-button';
import { StopSharingButton } from './stop-sharing-button';

type ShareListPanelProps = {
  /** False while the list has no services: nothing to share, though a live link can be stopped. */
  canCreate: boolean;
};

/** A read-only link to the list, for a carer, a family member or a support worker. */
export function ShareListPanel({ canCreate }: ShareListPanelProps) {
  const linkId = useId();
  const shareQuery = useBookmarkShare();
  const changeShare = useChangeBookmarkShare();
  const share = shareQuery.data?.share;
  if (!canCreate && !share) return null;

  return (
    <section
      aria-labelledby="share-my-list"
      className="mb-8 max-w-prose rounded border-2 border-line bg-surface p-4 print:hidden"
    >
      <h2 id="share-my-list" className="mb-2 text-2xl font-bold">
        Share my list
      </h2>
      <p className="mb-3">
        Anyone with the link can see the services on your list, but not who made it or any notes.
      </p>
      {shareQuery.isPending && <p role="status">Checking whether your list is shared...</p>}
      {shareQuery.isError && (
        <div role="alert" className="mb-3">
          <p className="mb-2">We could not check whether your list is shared.</p>
          <Button variant="secondary" onClick={() => void shareQuery.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {share === null && (
        <Button disabled={changeShare.isPending} onClick={() => changeShare.mutate('create')}>
          <Share2 aria-hidden="true" className="size-5" />
          Create a share link
        </Button>
      )}
      {share && (
        <>
          <label htmlFor={linkId} className="mb-1 block text-lg font-bold">
            Your share link
          </label>
          <input
            id={linkId}
            readOnly
            value={share.url}
            onFocus={(event) => event.currentTarget.select()}
            className="mb-3 block min-h-11 w-full border-2 border-ink bg-white px-2 py-1.5 text-lg"
          />
          <div className="flex flex-wrap gap-3">
            <CopyShareLinkButton url={share.url} />
            <StopSharingButton
              isStopping={changeShare.isPending}
              onConfirm={() => changeShare.mutate('revoke')}
            />
          </div>
        </>
      )}
      {changeShare.isError && (
        <p role="alert" className="mt-3 font-bold text-danger">
          {changeShare.error.message}
        </p>
      )}
    </section>
  );
}
