import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';

type ConfirmReviewDeleteProps = {
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A second step, because a deleted review cannot be brought back. */
export function ConfirmReviewDelete({ isDeleting, onConfirm, onCancel }: ConfirmReviewDeleteProps) {
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The Delete button that opened this step is gone, so focus moves to the answer buttons.
  useEffect(() => confirmRef.current?.focus(), []);

  return (
    // A group named by the question, so screen readers announce it as focus moves in.
    <div role="group" aria-labelledby={questionId} className="mt-2 border-l-4 border-danger pl-3">
      <p id={questionId} className="mb-2 font-bold">
        Delete your review? You cannot undo this.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button ref={confirmRef} onClick={onConfirm} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Yes, delete review'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isDeleting}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
