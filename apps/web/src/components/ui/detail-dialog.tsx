import type { ReactNode } from 'react';
import { useIsHydratedInBackground } from '@/hooks/use-is-hydrated';
import { Dialog, DialogContent } from './dialog';

type DetailDialogProps = {
  title: string;
  description: ReactNode;
  onClose: () => void;
  /** The details as part of the page the server renders (a `DetailInPage`), if there are any. */
  inPage: ReactNode;
  /** The dialog's body: loading, failure or the details. */
  children: ReactNode;
};

/** A large dialog of one item's details over a page. Escape and Close call `onClose`. */
export function DetailDialog({ title, description, onClose, inPage, children }: DetailDialogProps) {
  // Opened with the page, the dialog's body replaces the details in the page in a background
  // render after the page is taken over: in short slices, not one long task on a slow phone.
  const isHydrated = useIsHydratedInBackground();
  return (
    <>
      {!isHydrated && inPage}
      <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
        <DialogContent size="large" title={title} description={description}>
          {isHydrated && children}
        </DialogContent>
      </Dialog>
    </>
  );
}

type DetailInPageProps = {
  /** The anchor a link without JavaScript jumps to. */
  id: string;
  headingId: string;
  title: string;
  /** The page without these details, and the link's words. */
  closeHref: string;
  closeText: string;
  children: ReactNode;
};

/** One item's details as a section of the page, with a link back to the page without them. */
export function DetailInPage({
  id,
  headingId,
  title,
  closeHref,
  closeText,
  children,
}: DetailInPageProps) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="mt-8 rounded border-4 border-brand bg-white p-4"
    >
      <h2 id={headingId} className="mb-2 text-3xl font-extrabold">
        {title}
      </h2>
      {children}
      <p className="mt-4 text-lg">
        <a href={closeHref}>{closeText}</a>
      </p>
    </section>
  );
}
