import { createContext, useContext } from 'react';

export type ToastOptions = {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
  /**
   * A link that does what the toast asks for (sign in, say), with the other way to do it for
   * a screen reader that announces the toast but may not reach it before it goes (`altText`).
   */
  action?: { label: string; href: string; altText: string } | undefined;
};

export type ToastContextValue = { toast: (options: ToastOptions) => void };

export const ToastContext = createContext<ToastContextValue | null>(null);

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}

/** A failure toast: its title, then the server's reason (a 429's "wait a minute", no connection). */
export function failureToast(title: string, error: unknown): ToastOptions {
  return {
    title,
    description: error instanceof Error ? error.message : undefined,
    variant: 'destructive',
  };
}
