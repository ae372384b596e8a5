import { Bookmark, Info, NotebookPen, ThumbsDown, ThumbsUp } from 'lucide-react';
import { cardActionBaseClassName, CopyLinkButton } from './copy-link-button';
import { LoginRequiredAction } from './login-required-action';

type ServiceCardActionsProps = {
  serviceId: string;
  serviceName: string;
  shareUrl: string;
  onMoreInfo: () => void;
};

/**
 * Copy link and More info work for everyone. Save, Notes and voting need an account
 * (spec 6); until sign-in lands they are shown dimmed with the reason.
 */
export function ServiceCardActions({
  serviceId,
  serviceName,
  shareUrl,
  onMoreInfo,
}: ServiceCardActionsProps) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <CopyLinkButton serviceId={serviceId} serviceName={serviceName} url={shareUrl} />
      <LoginRequiredAction label={`Save ${serviceName}`}>
        <Bookmark aria-hidden="true" className="size-5" />
        SAVE
      </LoginRequiredAction>
      <LoginRequiredAction label={`Notes on ${serviceName}`}>
        <NotebookPen aria-hidden="true" className="size-5" />
        NOTES
      </LoginRequiredAction>
      <LoginRequiredAction label={`Thumbs up for ${serviceName}`} tooltip="Login required to vote">
        <ThumbsUp aria-hidden="true" className="size-5" />
      </LoginRequiredAction>
      <LoginRequiredAction
        label={`Thumbs down for ${serviceName}`}
        tooltip="Login required to vote"
      >
        <ThumbsDown aria-hidden="true" className="size-5" />
      </LoginRequiredAction>
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
