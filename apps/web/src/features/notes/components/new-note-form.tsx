import { MAX_NOTE_LENGTH } from '@locals/contracts/limits';
import { useIsMutating } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { failureToast, useToast } from '@/components/ui/toast-context';
import { isApiError } from '@/lib/api-client';
import type { SubmissionDraft } from '@/lib/use-submission-draft';
import { createNoteMutationKey, useCreateNote } from '../api/create-note';
import { characterCount } from '@/lib/character-count';

type NewNoteFormProps = {
  serviceId: string;
  /** Held by the dialog so a draft survives closing and reopening it. */
  draft: SubmissionDraft<string>;
};

export function NewNoteForm({ serviceId, draft }: NewNoteFormProps) {
  const fieldId = useId();
  const createNote = useCreateNote(serviceId);
  // Counts a save this form started before the dialog was closed and opened again.
  const isSaving = useIsMutating({ mutationKey: createNoteMutationKey(serviceId) }) > 0;
  const { toast } = useToast();
  const [serverError, setServerError] = useState<string>();
  const text = draft.value;
  const count = characterCount(text, MAX_NOTE_LENGTH, 'Note');
  const trimmed = text.trim();
  // Save is disabled while the trimmed text is empty or while saving.
  const canSave = trimmed.length > 0 && !count.isTooLong && !isSaving;

  // mutateAsync: closing the dialog mid-save unmounts this form, which would silently drop
  // mutate's own callbacks (no toast, and the sent text left in the draft to be sent again).
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    const idempotencyKey = draft.submissionKey();
    try {
      await createNote.mutateAsync({ noteText: trimmed, idempotencyKey });
    } catch (error) {
      // The text stays in the editor: a person never loses what they wrote.
      if (isApiError(error)) setServerError(error.fieldErrors.noteText?.[0]);
      toast(failureToast('Failed to save note.', error));
      return;
    }
    toast({ title: 'Note Saved', description: 'Your note has been saved.' });
    draft.finish(idempotencyKey);
  }

  const tooLongError = count.tooLongError;
  return (
    <form noValidate method="post" onSubmit={(event) => void save(event)} className="mb-6">
      <TextAreaField
        id={fieldId}
        name="noteText"
        label="Your note"
        hint={count.hint}
        error={tooLongError ?? serverError}
        rows={5}
        value={text}
        onChange={(event) => {
          setServerError(undefined);
          draft.setValue(event.target.value);
        }}
      />
      <Button type="submit" disabled={!canSave}>
        {isSaving ? 'Saving...' : 'Save note'}
      </Button>
    </form>
  );
}
