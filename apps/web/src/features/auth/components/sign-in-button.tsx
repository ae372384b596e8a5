import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialog code loads on first click, keeping it out of every page's first download.
const SignInDialog = lazy(() =>
  import('./sign-in-dialog').then((module) => ({ default: module.SignInDialog })),
);

export function SignInButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button aria-haspopup="dialog" onClick={() => setIsOpen(true)}>
        Sign In
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <SignInDialog onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
