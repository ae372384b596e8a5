import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';

type StopSharingButtonProps = { isStopping: boolean; onConfirm: () => void };

/** Revoking cannot be undone (a new link is a different link), so it asks first. */
export function StopSharingButton({ isStopping, onConfirm }: StopSharingButtonProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" disabled={isStopping}>
          Stop sharing
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Stop sharing your list?"
        description="The link will stop working for everyone who has it. You can make a new link later."
      >
        <div className="flex flex-wrap gap-3">
          <DialogClose asChild>
            <Button onClick={onConfirm}>Yes, stop sharing</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant="secondary">Keep sharing</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
