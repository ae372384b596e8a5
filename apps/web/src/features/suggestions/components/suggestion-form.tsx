import { MAX_SUGGESTION_LENGTH } from '@locals/contracts/limits';
import type { SuggestionReader } from '@locals/contracts/suggestions';
import { useIsMutating } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField } from '@/components/ui/field';
import { failureToast, useToast } from '@/components/ui/toast-context';
import { isApiError } from '@/lib/api-client';
import type { SubmissionDraft } from '@/lib/use-submission-draft';
import { createSuggestionMutationKey, useCreateSuggestion } from '../api/create-suggestion';
import { characterCount } from '@/lib/character-count';

/** Decision 030: the sender is told who will actually read it. */
const SENT_TO: Record<SuggestionReader, string> = {
  provider: 'Your suggestion has been sent to the service provider, who will read it.',
  moderators: 'A Locals moderator will read your suggestion.',
};

const GUIDANCE =
  'Tell us what is wrong or missing: opening times, phone number, address, services or anything else.';

type SuggestionFormProps = {
  serviceId: string;
  /** Held by the dialog so a draft survives closing and reopening it. */
  draft: SubmissionDraft<string>;
  /** After the draft on screen was sent: the dialog closes. */
  onSent: () => void;
};

export function SuggestionForm({ serviceId, draft, onSent }: SuggestionFormProps) {
  const fieldId = useId();
  const createSuggestion = useCreateSuggestion(serviceId);
  // Counts a send this form started before the dialog was closed and opened again.
  const isSending = useIsMutating({ mutationKey: createSuggestionMutationKey(serviceId) }) > 0;
  const { toast } = useToast();
  const text = draft.value;
  const [serverError, setServerError] = useState<string>();
  // The summary is a snapshot of the last failed send, so typing does not pull focus to it.
  const [summaryError, setSummaryError] = useState<string>();
  const count = characterCount(text, MAX_SUGGESTION_LENGTH, 'Suggestion');
  const trimmed = text.trim();
  // Send is disabled while the trimmed text is empty or while sending.
  const canSend = trimmed.length > 0 && !count.isTooLong && !isSending;

  // mutateAsync: closing the dialog mid-send unmounts this form, which would silently drop
  // mutate's own callbacks (no toast, and the sent text left in the draft to be sent again).
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    setSummaryError(undefined);
    const idempotencyKey = draft.submissionKey();
    let readBy: SuggestionReader;
    try {
      const sent = await createSuggestion.mutateAsync({ suggestionText: trimmed, idempotencyKey });
      readBy = sent.suggestion.readBy;
    } catch (error) {
      // The dialog stays open with the text kept, so it can be sent again.
      const fieldError = isApiError(error) ? error.fieldErrors.suggestionText?.[0] : undefined;
      setServerError(fieldError);
      setSummaryError(fieldError);
      toast(failureToast('Failed to submit suggestion.', error));
      return;
    }
    toast({
      title: 'Suggestion Submitted',
      description: SENT_TO[readBy],
    });
    // Unless the person has started another suggestion meanwhile, the draft is done with.
    if (draft.finish(idempotencyKey)) onSent();
  }

  const tooLongError = count.tooLongError;
  return (
    <form noValidate method="post" onSubmit={(event) => void send(event)}>
      <ErrorSummary errors={summaryError ? [{ fieldId, message: summaryError }] : []} />
      <TextAreaField
        id={fieldId}
        name="suggestionText"
        label="Your suggestion"
        hint={`${GUIDANCE} ${count.hint}.`}
        error={tooLongError ?? serverError}
        rows={6}
        required
        value={text}
        onChange={(event) => {
          setServerError(undefined);
          draft.setValue(event.target.value);
        }}
      />
      <Button type="submit" disabled={!canSend}>
        {isSending ? 'Sending...' : 'Send suggestion'}
      </Button>
    </form>
  );
}
