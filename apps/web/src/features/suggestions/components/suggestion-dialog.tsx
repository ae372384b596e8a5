import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useSubmissionDraft } from '@/lib/use-submission-draft';
import { SuggestionForm } from './suggestion-form';

type SuggestionDialogProps = {
  serviceId: string;
  serviceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A signed-in person tells the provider (or a moderator) what is wrong or missing. */
export function SuggestionDialog({
  serviceId,
  serviceName,
  open,
  onOpenChange,
}: SuggestionDialogProps) {
  // Held here, outside the dialog content, so a draft survives closing and reopening.
  const draft = useSubmissionDraft('', serviceId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="large"
        title={`Suggest an edit to ${serviceName}`}
        description="We send your suggestion to the service provider if they manage this listing on Locals, or else to a Locals moderator, so the listing can be corrected."
      >
        <SuggestionForm serviceId={serviceId} draft={draft} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
