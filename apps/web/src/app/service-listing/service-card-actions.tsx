import { Bookmark, Info, NotebookPen } from 'lucide-react';
import { useBatchedServiceVotes } from '@/features/votes/api/get-service-votes';
import { VoteButtons } from '@/features/votes/components/vote-buttons';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { CardNotesButton } from './card-notes-button';
import { cardActionBaseClassName, CopyLinkButton } from './copy-link-button';
import { LoginRequiredAction } from './login-required-action';
import { SaveToggle } from './save-toggle';
import { SERVICE_DETAIL_ANCHOR } from './service-detail-anchor';
import { useSignInToBookmark } from './use-sign-in-to-bookmark';

type ServiceCardActionsProps = {
  serviceId: string;
  serviceName: string;
  detailHref: string;
  onMoreInfo: () => void;
};

/**
 * Copy link and More info work for everyone. Save, Notes and voting need an account: signed
 * out, they are dimmed with the reason, the thumbs still show the public counts, and a press on
 * Notes or a thumb opens the sign-in prompt; on Save, a toast with a link to sign in, as for an
 * event's bookmark (decision 036).
 */
export function ServiceCardActions({
  serviceId,
  serviceName,
  detailHref,
  onMoreInfo,
}: ServiceCardActionsProps) {
  const session = useSession();
  // The results page asks for a whole page of cards' votes at once (useVoteBatches).
  const { data: votes } = useBatchedServiceVotes(serviceId);
  const authDialog = useAuthDialog();
  const openLogin = () => authDialog.open('login');
  const signInToBookmark = useSignInToBookmark('service');
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <CopyLinkButton serviceId={serviceId} serviceName={serviceName} url={detailHref} />
      {session.isSignedIn ? (
        <>
          <SaveToggle serviceId={serviceId} serviceName={serviceName} />
          <CardNotesButton serviceId={serviceId} serviceName={serviceName} />
        </>
      ) : (
        <>
          <LoginRequiredAction
            label={`Save ${serviceName}`}
            onLoginRequired={signInToBookmark}
            opensDialog={false}
          >
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
      {/* A link, so the details open without JavaScript too (decision 018); with it, a dialog. */}
      <a
        href={`${detailHref}#${SERVICE_DETAIL_ANCHOR}`}
        aria-haspopup="dialog"
        className={`${cardActionBaseClassName} border-brand bg-brand text-white no-underline hover:bg-brand-dark`}
        onClick={(event) => {
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onMoreInfo();
        }}
      >
        <Info aria-hidden="true" className="size-5" />
        MORE INFO <span className="sr-only">about {serviceName}</span>
      </a>
    </div>
  );
}
