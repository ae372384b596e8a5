import { Suspense, lazy } from 'react';
import type { AuthMode } from '@/lib/auth-dialog';

const AuthDialog = lazy(() =>
  import('./auth-dialog').then((module) => ({ default: module.AuthDialog })),
);

type AuthDialogOpenerProps = {
  /** The mode to open in, or null while closed. */
  mode: AuthMode | null;
  onClose: () => void;
  onSignInRequested?: (email?: string) => void;
};

/** The auth dialog, opened in a given mode from a page rather than from the header. */
export function AuthDialogOpener({ mode, onClose, onSignInRequested }: AuthDialogOpenerProps) {
  if (mode === null) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog
        initialMode={mode}
        onOpenChange={(isOpen) => !isOpen && onClose()}
        onSignInRequested={onSignInRequested}
      />
    </Suspense>
  );
}
