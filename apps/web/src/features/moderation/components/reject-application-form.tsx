import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { useSubmissionDraft } from '@/lib/use-submission-draft';
import type { useRejectApplication } from '../api/decide-application';

const EMPTY_REASON = 'Enter the reason for rejecting the application';

type RejectApplicationFormProps = {
  email: string;
  reject: ReturnType<typeof useRejectApplication>;
};

/** A reason is required: the applicant is emailed it. */
export function RejectApplicationForm({ email, reject }: RejectApplicationFormProps) {
  const fieldId = useId();
  const reason = useSubmissionDraft('');
  // A snapshot of the last failed submit, so typing does not pull focus to the summary.
  const [problem, setProblem] = useState<string>();

  // A lost connection or a server failure: the reason stays, to send again. (400s are on the
  // field; a 409 is shown with the earlier decision.)
  const failure =
    reject.isError && !(isApiError(reject.error) && [400, 409].includes(reject.error.status))
      ? reject.error.message
      : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reject.isPending) return;
    const text = reason.value.trim();
    if (text === '') {
      setProblem(EMPTY_REASON);
      return;
    }
    setProblem(undefined);
    // The same key while the reason is unchanged, so pressing the button again is a retry.
    const idempotencyKey = reason.submissionKey();
    reject.mutate(
      { reason: text, idempotencyKey },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 400) {
            setProblem(error.fieldErrors.reason?.[0] ?? error.message);
          }
        },
      },
    );
  }

  return (
    <section aria-labelledby="reject-heading" className="mb-8">
      <h2 id="reject-heading" className="mb-2 text-2xl font-bold">
        Reject
      </h2>
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
          label="Reason for rejecting"
          hint={`We email this to ${email}, so write it for them.`}
          error={problem}
          rows={5}
          value={reason.value}
          onChange={(event) => reason.setValue(event.target.value)}
        />
        <Button type="submit" disabled={reject.isPending}>
          {reject.isPending ? 'Rejecting...' : 'Reject application'}
        </Button>
      </form>
    </section>
  );
}
