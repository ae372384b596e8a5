import { MAX_SUGGESTION_LENGTH } from '@locals/contracts/suggestions';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast-context';
import { isApiError } from '@/lib/api-client';
import { useCreateSuggestion } from '../api/create-suggestion';
import { characterCount } from '@/lib/character-count';

const GUIDANCE =
  'Tell us what is wrong or missing: opening times, phone number, address, services or anything else.';

type SuggestionFormProps = {
  serviceId: string;
  text: string;
  onTextChange: (text: string) => void;
  onSent: () => void;
};

export function SuggestionForm({ serviceId, text, onTextChange, onSent }: SuggestionFormProps) {
  const fieldId = useId();
  const createSuggestion = useCreateSuggestion(serviceId);
  const { toast } = useToast();
  const [serverError, setServerError] = useState<string>();
  // The summary is a snapshot of the last failed send, so typing does not pull focus to it.
  const [summaryError, setSummaryError] = useState<string>();
  const count = characterCount(text, MAX_SUGGESTION_LENGTH, 'Suggestion');
  const trimmed = text.trim();
  // Spec 5: Send is disabled while the trimmed text is empty or while sending.
  const canSend = trimmed.length > 0 && !count.isTooLong && !createSuggestion.isPending;

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    setSummaryError(undefined);
    createSuggestion.mutate(trimmed, {
      onSuccess: () => {
        toast({
          title: 'Suggestion Submitted',
          description: 'Your suggestion has been sent to the service provider.',
        });
        onSent();
      },
      // Spec 8. The dialog stays open with the text kept, so it can be sent again.
      onError: (error) => {
        const fieldError = isApiError(error) ? error.fieldErrors.suggestionText?.[0] : undefined;
        setServerError(fieldError);
        setSummaryError(fieldError);
        toast({
          title: 'Failed to submit suggestion.',
          description: error.message,
          variant: 'destructive',
        });
      },
    });
  }

  const tooLongError = count.tooLongError;
  return (
    <form noValidate onSubmit={send}>
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
          onTextChange(event.target.value);
        }}
      />
      <Button type="submit" disabled={!canSend}>
        {createSuggestion.isPending ? 'Sending...' : 'Send suggestion'}
      </Button>
    </form>
  );
}
