import { MAX_NOTE_LENGTH } from '@locals/contracts/notes';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast-context';
import { isApiError } from '@/lib/api-client';
import { useCreateNote } from '../api/create-note';
import { characterCount } from '@/lib/character-count';

type NewNoteFormProps = {
  serviceId: string;
  /** Held by the dialog so a draft survives closing and reopening it. */
  text: string;
  onTextChange: (text: string) => void;
};

export function NewNoteForm({ serviceId, text, onTextChange }: NewNoteFormProps) {
  const fieldId = useId();
  const createNote = useCreateNote(serviceId);
  const { toast } = useToast();
  const [serverError, setServerError] = useState<string>();
  const count = characterCount(text, MAX_NOTE_LENGTH, 'Note');
  const trimmed = text.trim();
  // Spec 5: Save is disabled while the trimmed text is empty or while saving.
  const canSave = trimmed.length > 0 && !count.isTooLong && !createNote.isPending;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    createNote.mutate(trimmed, {
      onSuccess: () => {
        toast({ title: 'Note Saved', description: 'Your note has been saved.' });
        onTextChange('');
      },
      // Spec 8. The text stays in the editor: a person never loses what they wrote.
      onError: (error) => {
        if (isApiError(error)) setServerError(error.fieldErrors.noteText?.[0]);
        toast({
          title: 'Failed to save note.',
          description: error.message,
          variant: 'destructive',
        });
      },
    });
  }

  const tooLongError = count.tooLongError;
  return (
    <form noValidate onSubmit={save} className="mb-6">
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
          onTextChange(event.target.value);
        }}
      />
      <Button type="submit" disabled={!canSave}>
        {createNote.isPending ? 'Saving...' : 'Save note'}
      </Button>
    </form>
  );
}
