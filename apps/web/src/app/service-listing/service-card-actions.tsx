import { Bookmark, Info, NotebookPen } from 'lucide-react';
import { useBatchedServiceVotes } from '@/features/votes/api/get-service-votes';
import { VoteButtons } from '@/features/votes/components/vote-buttons';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { CardNotesButton } from './card-notes-button';
import { cardActionBaseClassName, CopyLinkButton } from './copy-link-button';
import { LoginRequiredAction } from './login-required-action';
import { SaveToggle } from './save-toggle';

type ServiceCardActionsProps = {
  serviceId: string;
  serviceName: string;
  shareUrl: string;
  onMoreInfo: () => void;
};

/**
 * Copy link and More info work for everyone. Save, Notes and voting need an account (spec 6):
 * signed out, they are dimmed with the reason, the thumbs still show the public counts, and a
 * press on any of them opens the sign-in prompt (issue 10).
 */
export function ServiceCardActions({
  serviceId,
  serviceName,
  shareUrl,
  onMoreInfo,
}: ServiceCardActionsProps) {
  const session = useSession();
  // The results page asks for a whole page of cards' votes at once (useVoteBatches).
  const { data: votes } = useBatchedServiceVotes(serviceId);
  const authDialog = useAuthDialog();
  const openLogin = () => authDialog.open('login');
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <CopyLinkButton serviceId={serviceId} serviceName={serviceName} url={shareUrl} />
      {session.isSignedIn ? (
        <>
          <SaveToggle serviceId={serviceId} serviceName={serviceName} />
          <CardNotesButton serviceId={serviceId} serviceName={serviceName} />
        </>
      ) : (
        <>
          <LoginRequiredAction label={`Save ${serviceName}`} onLoginRequired={openLogin}>
            <Bookmark aria-hidden="true" className="size-5" />
            SAVE
          </LoginRequiredAction>
          <LoginRequiredAction label={`Notes on ${serviceName}`} onLoginRequired={openLogin}>
            <NotebookPen aria-hidden="true" className="size-5" />
            NOTES
          </LoginRequiredAction>
        </>
      )}
      <VoteButtons
        serviceId={serviceId}
        serviceName={serviceName}
        summary={votes}
        onLoginRequired={openLogin}
        isDimmedWhenSignedOut
      />
      <button
        type="button"
        aria-haspopup="dialog"
        className={`${cardActionBaseClassName} cursor-pointer border-brand bg-brand text-white hover:bg-brand-dark`}
        onClick={onMoreInfo}
      >
        <Info aria-hidden="true" className="size-5" />
        MORE INFO <span className="sr-only">about {serviceName}</span>
      </button>
    </div>
  );
}
