import { useLayoutEffect, useRef, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { AuthMode } from '@/lib/auth-dialog';
import { useAuthConfig } from '../api/get-auth-config';
import { ExternalHandOver } from './external-hand-over';
import { ForgotPasswordPanel } from './forgot-password-panel';
import { LoginPanel } from './login-panel';
import { RegisterForm } from './register-form';

const HEADINGS: Record<AuthMode, { title: string; description: string }> = {
  login: { title: 'Welcome to Locals', description: 'Access your bookmarks, notes, and more' },
  register: {
    title: 'Create Account',
    description: 'With an account you can save bookmarks, keep private notes and leave reviews.',
  },
  forgot: {
    title: 'Reset Password',
    description: 'We will email you a link to choose a new password.',
  },
};

type AuthDialogProps = {
  initialMode?: AuthMode;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Where "Sign in" leads. By default the dialog returns to its login mode; the
   * sign-in page passes its own, since its form is already the place to sign in.
   */
  onSignInRequested?: ((email?: string) => void) | undefined;
};

export function AuthDialog({
  initialMode = 'login',
  onOpenChange,
  onSignInRequested,
}: AuthDialogProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const config = useAuthConfig();
  const panelRef = usePanelFocusOnModeChange(mode);
  const isExternal = config.data?.issuer === 'external';

  function backToSignIn(email?: string) {
    if (onSignInRequested) onSignInRequested(email);
    else setMode('login');
  }

  const { title, description } = HEADINGS[mode];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <div ref={panelRef}>
          {mode === 'login' && (
            <LoginPanel
              onCreateAccount={() => setMode('register')}
              onForgotPassword={() => setMode('forgot')}
            />
          )}
          {mode !== 'login' && config.isPending && <p role="status">Loading...</p>}
          {mode === 'register' && !config.isPending && isExternal && (
            <ExternalHandOver
              action="register"
              url={config.data?.registerUrl ?? null}
              onBackToSignIn={() => backToSignIn()}
            />
          )}
          {mode === 'register' && !config.isPending && !isExternal && (
            <RegisterForm onRegistered={backToSignIn} onSignIn={() => backToSignIn()} />
          )}
          {mode === 'forgot' && !config.isPending && isExternal && (
            <ExternalHandOver
              action="reset"
              url={config.data?.resetPasswordUrl ?? null}
              onBackToSignIn={() => backToSignIn()}
            />
          )}
          {mode === 'forgot' && !config.isPending && !isExternal && (
            <ForgotPasswordPanel onBackToSignIn={() => backToSignIn()} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The control that switched the mode has gone, so focus would fall to the dialog itself:
 * move it to the first control of the new mode instead.
 */
function usePanelFocusOnModeChange(mode: AuthMode) {
  const panelRef = useRef<HTMLDivElement>(null);
  const shownMode = useRef(mode);
  useLayoutEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    panelRef.current?.querySelector<HTMLElement>('input, button, a[href]')?.focus();
  }, [mode]);
  return panelRef;
}
