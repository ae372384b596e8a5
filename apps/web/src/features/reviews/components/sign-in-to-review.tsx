import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { AuthDialogOpener } from '@/features/auth/components/auth-dialog-opener';

/** Spec 6: signed-out visitors read reviews; writing one needs a login prompt first. */
export function SignInToReview() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 rounded bg-surface p-4">
      <p className="text-lg">Sign in to write a review.</p>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setIsOpen(true)}>
        Sign in
      </Button>
      <AuthDialogOpener mode={isOpen ? 'login' : null} onClose={() => setIsOpen(false)} />
    </div>
  );
}
