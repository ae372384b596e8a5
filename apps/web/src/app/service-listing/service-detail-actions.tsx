import { NotebookPen, PencilLine } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useServiceVotes } from '@/features/votes/api/get-service-votes';
import { VoteButtons } from '@/features/votes/components/vote-buttons';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { DetailBookmarkButton } from './detail-bookmark-button';
import { LazyNotesDialog, LazySuggestionDialog } from './lazy-engagement';

type MemberDialog = 'notes' | 'suggestion';
type OpenDialog = MemberDialog | null;

type ServiceDetailActionsProps = { serviceId: string; serviceName: string };

/**
 * Bookmark, notes, a suggestion and votes, from inside the detail. Their dialogs open over it
 * (Radix stacks them, so Escape closes the innermost first); signed out, all but Bookmark open
 * the login prompt instead.
 */
export function ServiceDetailActions({ serviceId, serviceName }: ServiceDetailActionsProps) {
  const session = useSession();
  const { data: votes } = useServiceVotes(serviceId);
  const authDialog = useAuthDialog();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // Once opened, a dialog stays mounted (closed), so an unsaved draft survives reopening.
  const [opened, setOpened] = useState<Record<MemberDialog, boolean>>({
    notes: false,
    suggestion: false,
  });

  function openForMembers(dialog: MemberDialog) {
    if (!session.isSignedIn) {
      authDialog.open('login');
      return;
    }
    setOpened((current) => ({ ...current, [dialog]: true }));
    setOpenDialog(dialog);
  }

  function setOpen(dialog: OpenDialog) {
    return (isOpen: boolean) => setOpenDialog(isOpen ? dialog : null);
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        {/* Signed out, a toast with a link to sign in, as for an event (decision 036). */}
        <DetailBookmarkButton target={{ type: 'service', id: serviceId }} />
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => openForMembers('notes')}>
          <NotebookPen aria-hidden="true" className="size-5" />
          Notes
        </Button>
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          onClick={() => openForMembers('suggestion')}
        >
          <PencilLine aria-hidden="true" className="size-5" />
          Suggest an edit
        </Button>
        <VoteButtons
          serviceId={serviceId}
          serviceName={serviceName}
          summary={votes}
          onLoginRequired={() => authDialog.open('login')}
        />
      </div>
      {session.isSignedIn && opened.notes && (
        <Suspense fallback={null}>
          <LazyNotesDialog
            serviceId={serviceId}
            serviceName={serviceName}
            open={openDialog === 'notes'}
            onOpenChange={setOpen('notes')}
          />
        </Suspense>
      )}
      {session.isSignedIn && opened.suggestion && (
        <Suspense fallback={null}>
          <LazySuggestionDialog
            serviceId={serviceId}
            serviceName={serviceName}
            open={openDialog === 'suggestion'}
            onOpenChange={setOpen('suggestion')}
          />
        </Suspense>
      )}
    </>
  );
}
