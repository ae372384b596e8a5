import { useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { SuggestionForm } from './suggestion-form';

type SuggestionDialogProps = {
  serviceId: string;
  serviceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Spec 2 and 3: a signed-in person tells the provider what is wrong or missing. */
export function SuggestionDialog({
  serviceId,
  serviceName,
  open,
  onOpenChange,
}: SuggestionDialogProps) {
  // Held here, outside the dialog content, so a draft survives closing and reopening; tied to
  // its service in case one dialog is reused for another service.
  const [draft, setDraft] = useState({ serviceId, text: '' });
  const text = draft.serviceId === serviceId ? draft.text : '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="large"
        title={`Suggest an edit to ${serviceName}`}
        description="We send your suggestion to the service provider so they can correct their listing."
      >
        <SuggestionForm
          serviceId={serviceId}
          text={text}
          onTextChange={(nextText) => setDraft({ serviceId, text: nextText })}
          onSent={() => {
            setDraft({ serviceId, text: '' });
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
