import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { AuthDialogOpener } from '@/features/auth/components/auth-dialog-opener';
import { AuthDialogContext } from '@/lib/auth-dialog';
import type { AuthDialogRequest } from '@/lib/auth-dialog';

/** Draws the auth feature's dialog for the features that ask for it with useAuthDialog. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<AuthDialogRequest | null>(null);
  const controls = useMemo(
    () => ({
      open: (next: AuthDialogRequest) => setRequest(next),
      close: (closing: AuthDialogRequest) =>
        setRequest((current) => (current === closing ? null : current)),
    }),
    [],
  );

  return (
    <AuthDialogContext value={controls}>
      {children}
      <AuthDialogOpener
        mode={request?.mode ?? null}
        onClose={() => setRequest(null)}
        onSignInRequested={request?.onSignInRequested}
      />
    </AuthDialogContext>
  );
}
