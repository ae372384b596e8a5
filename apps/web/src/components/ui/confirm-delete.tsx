import clsx from 'clsx';
import { useId, useLayoutEffect, useRef } from 'react';
import { Button } from './button';

type ConfirmDeleteProps = {
  /** For example 'Delete this note? You cannot undo this.' */
  question: string;
  confirmLabel: string;
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
};

/** A second step before deleting what cannot be brought back. */
export function ConfirmDelete({
  question,
  confirmLabel,
  isDeleting,
  onConfirm,
  onCancel,
  className,
}: ConfirmDeleteProps) {
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The Delete button that opened this step is gone, so focus moves to the answer buttons.
  useLayoutEffect(() => confirmRef.current?.focus(), []);

  return (
    // A group named by the question, so screen readers announce it as focus moves in.
    <div
      role="group"
      aria-labelledby={questionId}
      className={clsx('border-l-4 border-danger pl-3', className)}
    >
      <p id={questionId} className="mb-2 font-bold">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button ref={confirmRef} onClick={onConfirm} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isDeleting}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
