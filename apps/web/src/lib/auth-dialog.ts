import { createContext, useContext, useEffect, useRef } from 'react';

export type AuthMode = 'login' | 'register' | 'forgot';

export type AuthDialogRequest = {
  mode: AuthMode;
  /** Where "Sign in" leads instead of the dialog's own login mode. */
  onSignInRequested?: ((email?: string) => void) | undefined;
};

type AuthDialogControls = {
  open: (request: AuthDialogRequest) => void;
  /** Closes the dialog if it still shows this request. */
  close: (request: AuthDialogRequest) => void;
};

/**
 * The auth dialog belongs to the auth feature, which other features may not import: app/
 * provides it here, and they ask for it with useAuthDialog.
 */
export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/**
 * Opens the sign-in, register or forgot-password dialog. It closes when the component that
 * opened it unmounts, as it did when each component drew the dialog itself.
 */
export function useAuthDialog() {
  const controls = useContext(AuthDialogContext);
  if (!controls) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  const opened = useRef<AuthDialogRequest | null>(null);

  useEffect(
    () => () => {
      if (opened.current) controls.close(opened.current);
    },
    [controls],
  );

  return {
    open(mode: AuthMode, options: Omit<AuthDialogRequest, 'mode'> = {}) {
      opened.current = { mode, ...options };
      controls.open(opened.current);
    },
    close() {
      if (opened.current) controls.close(opened.current);
    },
  };
}
