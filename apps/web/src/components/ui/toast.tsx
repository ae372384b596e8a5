import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ToastContext } from './toast-context';
import { currentToastHost } from './toast-host';
import type { ToastOptions } from './toast-context';
import type { ShownToast } from './toast-view';

const ToastView = lazy(() => import('./toast-view').then((m) => ({ default: m.ToastView })));

export function ToastProvider({ children }: { children: ReactNode }) {
  // At most one toast at a time, so a new toast replaces the one on screen.
  const [current, setCurrent] = useState<ShownToast | null>(null);

  const toast = useCallback((options: ToastOptions) => {
    const host = currentToastHost();
    setCurrent((previous) => ({ ...options, id: (previous?.id ?? 0) + 1, isOpen: true, host }));
  }, []);
  const contextValue = useMemo(() => ({ toast }), [toast]);

  const close = useCallback((id: number) => {
    setCurrent((previous) => (previous?.id === id ? { ...previous, isOpen: false } : previous));
  }, []);

  return (
    <ToastContext value={contextValue}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView toast={current} onClose={close} />
        </Suspense>
      )}
    </ToastContext>
  );
}
