import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import type { SubmissionDraft } from '@/lib/use-submission-draft';
import type { useRefuseEvent } from '../api/decide-event';

const EMPTY_REASON = 'Enter the reason for refusing the event';

type RefuseEventDialogProps = {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Held by the item, outside the dialog, so the reason survives closing and reopening it. */
  reason: SubmissionDraft<string>;
  refuse: ReturnType<typeof useRefuseEvent>;
  onRefused: () => void;
};

/** A reason is required: the organiser is emailed it. */
export function RefuseEventDialog({
  title,
  open,
  onOpenChange,
  reason,
  refuse,
  onRefused,
}: RefuseEventDialogProps) {
  const fieldId = useId();
  // A snapshot of the last failed submit, so typing does not pull focus to the summary.
  const [problem, setProblem] = useState<string>();

  // A lost connection or a server failure: the reason stays, to send again. (A 400 is on the
  // field; a 409 is said beside the event's buttons.)
  const failure =
    refuse.isError && !(isApiError(refuse.error) && [400, 409].includes(refuse.error.status))
      ? refuse.error.message
      : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (refuse.isPending) return;
    const text = reason.value.trim();
    if (text === '') {
      setProblem(EMPTY_REASON);
      return;
    }
    setProblem(undefined);
    // The same key while the reason is unchanged, so pressing the button again is a retry.
    refuse.mutate(
      { reason: text, idempotencyKey: reason.submissionKey() },
      {
        onSuccess: onRefused,
        onError: (error) => {
          if (isApiError(error) && error.status === 400) {
            setProblem(error.fieldErrors.reason?.[0] ?? error.message);
          }
          if (isApiError(error) && error.status === 409) onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Refuse ${title}`}
        description="Say why it cannot go on Locals. We email your reason to the organiser, so write it for them."
      >
        <form noValidate method="post" onSubmit={submit}>
          {failure && (
            <p role="alert" className="mb-4 border-l-8 border-danger p-4 text-lg font-bold">
              {failure} Your reason is still here: send it again when you are ready.
            </p>
          )}
          <ErrorSummary errors={problem ? [{ fieldId, message: problem }] : []} />
          <TextAreaField
            id={fieldId}
            name="reason"
            label="Reason for refusing"
            error={problem}
            rows={5}
            value={reason.value}
            onChange={(event) => reason.setValue(event.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={refuse.isPending}>
              {refuse.isPending ? 'Refusing...' : 'Refuse event'}
            </Button>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
