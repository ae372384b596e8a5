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
