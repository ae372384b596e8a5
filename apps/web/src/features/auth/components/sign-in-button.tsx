import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialog code loads on first click, keeping it (and zod) out of every page's first download.
const AuthDialog = lazy(() =>
  import('./auth-dialog').then((module) => ({ default: module.AuthDialog })),
);

export function SignInButton({ className }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button aria-haspopup="dialog" className={className} onClick={() => setIsOpen(true)}>
        Sign In
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <AuthDialog onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
