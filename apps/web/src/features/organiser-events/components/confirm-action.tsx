import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { MessageWithLinks } from './message-with-links';

/** Whether a write worked; its error is the mutation's, which the dialog says. */
export function succeeded(write: Promise<unknown>): Promise<boolean> {
  return write.then(
    () => true,
    () => false,
  );
}

type ConfirmActionProps = {
  /** The button's words, which open the question. */
  children: ReactNode;
  /** Done already (the date is cancelled): no button, but the dialog stays to close itself. */
  isSettled?: boolean;
  question: string;
  /** What happens, said in the dialog under the question. */
  consequence: string;
  confirmLabel: string;
  busyLabel: string;
  keepLabel: string;
  isBusy: boolean;
  /** Why the last try failed (a lost connection, a 409), said in the dialog. */
  failure: string | null;
  /** Called as the question opens: a failure from an earlier try is no longer news. */
  onOpen: () => void;
  /** Does it; resolves true when it worked, and the dialog closes. */
  onConfirm: () => Promise<boolean>;
  /** After it worked, as the dialog closes: what is said, and where focus goes. */
  onDone: () => void;
};

/**
 * An action that cannot be undone, asked about first. The button is a form's, so without
 * JavaScript it posts to this page and the server says the action needs JavaScript (decision
 * 036) rather than the button doing nothing.
 */
export function ConfirmAction({
  children,
  isSettled = false,
  question,
  consequence,
  confirmLabel,
  busyLabel,
  keepLabel,
  isBusy,
  failure,
  onOpen,
  onConfirm,
  onDone,
}: ConfirmActionProps) {
  const [isOpen, setIsOpen] = useState(false);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onOpen();
    setIsOpen(true);
  }

  async function confirm() {
    if (!(await onConfirm())) return;
    // In one render with what onDone sets, so the dialog has closed before focus moves on.
    setIsOpen(false);
    onDone();
  }

  return (
    <>
      {!isSettled && (
        <form method="post" onSubmit={ask}>
          <Button type="submit" variant="secondary">
            {children}
          </Button>
        </form>
      )}
      <Dialog open={isOpen} onOpenChange={(open) => !isBusy && setIsOpen(open)}>
        <DialogContent title={question} description={consequence}>
          {failure && (
            <p role="alert" className="mb-4 border-l-8 border-danger p-4 text-lg font-bold">
              <MessageWithLinks message={failure} />
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void confirm()} disabled={isBusy}>
              {isBusy ? busyLabel : confirmLabel}
            </Button>
            <DialogClose asChild>
              <Button variant="secondary" disabled={isBusy}>
                {keepLabel}
              </Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
