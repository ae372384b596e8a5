import { createContext, useContext } from 'react';

export type ToastOptions = {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
};

export type ToastContextValue = { toast: (options: ToastOptions) => void };

export const ToastContext = createContext<ToastContextValue | null>(null);

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}

/** A failure toast: spec 8's title, with the server's reason (a 429's "wait a minute", no connection). */
export function failureToast(title: string, error: unknown): ToastOptions {
  return {
    title,
    description: error instanceof Error ? error.message : undefined,
    variant: 'destructive',
  };
}
