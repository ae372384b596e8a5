import * as RadixToast from '@radix-ui/react-toast';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { createPortal } from 'react-dom';
import type { ToastOptions } from './toast-context';
import { useOpenToastHost } from './toast-host';

/** Toasts stay 5000 ms, swipe away after 50 px, and F8 jumps to them. */
export const TOAST_DURATION_MS = 5000;

export type ShownToast = ToastOptions & {
  id: number;
  isOpen: boolean;
  /** The open dialog's place for toasts when it was shown (toast-host.ts), or null. */
  host: HTMLElement | null;
};

type ToastViewProps = { toast: ShownToast; onClose: (id: number) => void };

/** The Radix toast, loaded with the first toast so it stays out of the first download. */
export function ToastView({ toast, onClose }: ToastViewProps) {
  const isDestructive = toast.variant === 'destructive';
  const host = useOpenToastHost(toast.host);
  const viewport = (
    <RadixToast.Viewport
      hotkey={['F8']}
      className={clsx(
        'flex flex-col gap-2 outline-none',
        host ? 'pt-3' : 'fixed top-0 right-0 z-[60] w-full max-w-md p-3',
      )}
    />
  );
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeThreshold={50} label="Notification">
      <RadixToast.Root
        key={toast.id}
        open={toast.isOpen}
        onOpenChange={(isOpen) => !isOpen && onClose(toast.id)}
        type={isDestructive ? 'foreground' : 'background'}
        className={clsx(
          'flex items-start gap-3 rounded border-l-8 bg-white p-4 shadow-lg ring-1 ring-line',
          isDestructive ? 'border-danger' : 'border-success',
        )}
      >
        <div className="grow">
          <RadixToast.Title className="text-lg font-bold">{toast.title}</RadixToast.Title>
          {toast.description && (
            <RadixToast.Description className="mt-1">{toast.description}</RadixToast.Description>
          )}
          {toast.action && (
            <RadixToast.Action asChild altText={toast.action.altText}>
              <a href={toast.action.href} className="mt-2 inline-block text-lg font-bold">
                {toast.action.label}
              </a>
            </RadixToast.Action>
          )}
        </div>
        <RadixToast.Close className="-m-2 inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center rounded hover:bg-surface">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Dismiss notification</span>
        </RadixToast.Close>
      </RadixToast.Root>
      {/* Inside an open dialog, at its foot; otherwise the page's top corner. */}
      {host ? createPortal(viewport, host) : viewport}
    </RadixToast.Provider>
  );
}
