import { NotebookPen } from 'lucide-react';
import { Suspense, useState } from 'react';
import { cardActionClassName } from './copy-link-button';
import { LazyNotesDialog } from './lazy-engagement';

type CardNotesButtonProps = { serviceId: string; serviceName: string };

/** A card's NOTES for a signed-in person: opens their private notes on the service. */
export function CardNotesButton({ serviceId, serviceName }: CardNotesButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so an unsaved draft survives reopening.
  const [hasOpened, setHasOpened] = useState(false);

  function open() {
    setHasOpened(true);
    setIsOpen(true);
  }

  return (
    <>
      <button type="button" aria-haspopup="dialog" className={cardActionClassName} onClick={open}>
        <NotebookPen aria-hidden="true" className="size-5" />
        NOTES <span className="sr-only">on {serviceName}</span>
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <LazyNotesDialog
            serviceId={serviceId}
            serviceName={serviceName}
            open={isOpen}
            onOpenChange={setIsOpen}
          />
        </Suspense>
      )}
    </>
  );
}
