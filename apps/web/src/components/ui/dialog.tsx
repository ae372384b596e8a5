import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { offerToastHost } from './toast-host';

export const Dialog = RadixDialog.Root;
export const DialogClose = RadixDialog.Close;
export const DialogTrigger = RadixDialog.Trigger;

type DialogContentProps = {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  size?: 'small' | 'large';
};

/**
 * Radix returns focus only to a <Dialog.Trigger>; dialogs opened from our own buttons would
 * otherwise drop keyboard users at the top of the page when they close.
 */
export function useReturnFocusToOpener() {
  const openerRef = useRef<HTMLElement | null>(null);

  function rememberOpener() {
    openerRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }

  function returnFocusToOpener(event: Event) {
    const opener = openerRef.current;
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  }

  return { rememberOpener, returnFocusToOpener };
}

export function DialogContent({
  title,
  description,
  children,
  size = 'small',
}: DialogContentProps) {
  const { rememberOpener, returnFocusToOpener } = useReturnFocusToOpener();

  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/70" />
      <RadixDialog.Content
        onOpenAutoFocus={rememberOpener}
        onCloseAutoFocus={returnFocusToOpener}
        className={clsx(
          'fixed inset-x-2 top-2 z-50 max-h-[calc(100dvh-1rem)] overflow-y-auto rounded border-4 border-ink bg-white p-4 shadow-xl sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:p-6',
          size === 'large' ? 'sm:max-w-2xl' : 'sm:max-w-lg',
        )}
      >
        <div className="mb-3 flex items-start justify-between gap-4">
          <RadixDialog.Title className="text-2xl font-bold sm:text-3xl">{title}</RadixDialog.Title>
          <RadixDialog.Close className="-m-2 inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center rounded text-ink hover:bg-surface">
            <X aria-hidden="true" className="size-6" />
            <span className="sr-only">Close</span>
          </RadixDialog.Close>
        </div>
        <RadixDialog.Description className="mb-4 text-lg">{description}</RadixDialog.Description>
        {children}
        {/* Toasts while the dialog is open, where they can be read, tapped and reached. */}
        <div ref={offerToastHost} className="sticky bottom-0 z-10 empty:hidden" />
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
