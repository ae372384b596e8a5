import { Button } from '@/components/ui/button';
import { useAuthDialog } from '@/lib/auth-dialog';

/** Signed-out visitors read reviews; writing one needs a login prompt first. */
export function SignInToReview() {
  const authDialog = useAuthDialog();
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 rounded bg-surface p-4">
      <p className="text-lg">Sign in to write a review.</p>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => authDialog.open('login')}>
        Sign in
      </Button>
    </div>
  );
}
