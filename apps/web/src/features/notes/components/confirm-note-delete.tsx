import { useId } from 'react';
import { Button } from '@/components/ui/button';

type ConfirmNoteDeleteProps = {
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A second step, because a deleted note cannot be brought back. */
export function ConfirmNoteDelete({ isDeleting, onConfirm, onCancel }: ConfirmNoteDeleteProps) {
  const questionId = useId();
  return (
    // A group named by the question, so screen readers announce it as focus moves in.
    <div role="group" aria-labelledby={questionId} className="border-l-4 border-danger pl-3">
      <p id={questionId} className="mb-2 font-bold">
        Delete this note? You cannot undo this.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onConfirm} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Yes, delete note'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isDeleting}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
