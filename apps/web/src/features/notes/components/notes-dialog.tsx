import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useSubmissionDraft } from '@/lib/use-submission-draft';
import { NewNoteForm } from './new-note-form';
import { PreviousNotes } from './previous-notes';

type NotesDialogProps = {
  serviceId: string;
  serviceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A signed-in person's private notes on one service. */
export function NotesDialog({ serviceId, serviceName, open, onOpenChange }: NotesDialogProps) {
  // Held here, outside the dialog content, so a draft survives closing and reopening.
  const draft = useSubmissionDraft('', serviceId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="large"
        title={`Notes on ${serviceName}`}
        description="Only you can see your notes."
      >
        <NewNoteForm serviceId={serviceId} draft={draft} />
        <PreviousNotes serviceId={serviceId} />
      </DialogContent>
    </Dialog>
  );
}
