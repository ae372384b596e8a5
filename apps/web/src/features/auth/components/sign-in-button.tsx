import { Suspense, lazy, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { returnToFor, signInUrl } from '../api/start-sign-in';

// The dialog code loads on first click, keeping it (and zod) out of every page's first download.
const AuthDialog = lazy(() =>
  import('./auth-dialog').then((module) => ({ default: module.AuthDialog })),
);

/**
 * A link to the sign-in page, made a button by the app: tapped before the page's script has run
 * (a slow phone) or without JavaScript, it still signs the person in; with the app, it opens the
 * sign-in dialog. `role="button"`, as GOV.UK's start button, so Space presses it too.
 */
export function SignInButton({ className }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const location = useLocation();

  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setIsOpen(true);
  }

  function pressWithSpace(event: KeyboardEvent<HTMLAnchorElement>) {
    if (event.key !== ' ') return;
    event.preventDefault();
    setIsOpen(true);
  }

  return (
    <>
      <a
        href={signInUrl(returnToFor(location))}
        role="button"
        aria-haspopup="dialog"
        draggable={false}
        className={buttonClassName('primary', className)}
        onClick={open}
        onKeyDown={pressWithSpace}
      >
        Sign In
      </a>
      {isOpen && (
        <Suspense fallback={null}>
          <AuthDialog onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
