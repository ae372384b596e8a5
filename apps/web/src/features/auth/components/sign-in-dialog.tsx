import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';

type SignInDialogProps = { onOpenChange: (isOpen: boolean) => void };

/** A placeholder until the identity issue lands: says plainly that accounts are not open yet. */
export function SignInDialog({ onOpenChange }: SignInDialogProps) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title="Sign in"
        description="Accounts are coming soon. When they open you will be able to save bookmarks, keep private notes and leave reviews."
      >
        <p className="mb-4 text-lg">
          You do not need an account to search for services, read their details, subscribe to the
          newsletter or apply to list your service.
        </p>
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
