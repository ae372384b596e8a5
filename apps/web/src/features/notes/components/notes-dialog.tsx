import { useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { NewNoteForm } from './new-note-form';
import { PreviousNotes } from './previous-notes';

type NotesDialogProps = {
  serviceId: string;
  serviceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Spec 2 and 3: a signed-in person's private notes on one service. */
export function NotesDialog({ serviceId, serviceName, open, onOpenChange }: NotesDialogProps) {
  // Held here, outside the dialog content, so a draft survives closing and reopening; tied to
  // its service in case one dialog is reused for another service.
  const [draft, setDraft] = useState({ serviceId, text: '' });
  const text = draft.serviceId === serviceId ? draft.text : '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="large"
        title={`Notes on ${serviceName}`}
        description="Only you can see your notes."
      >
        <NewNoteForm
          serviceId={serviceId}
          text={text}
          onTextChange={(nextText) => setDraft({ serviceId, text: nextText })}
        />
        <PreviousNotes serviceId={serviceId} />
      </DialogContent>
    </Dialog>
  );
}
