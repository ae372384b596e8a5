import { MAX_NOTE_LENGTH } from '@locals/contracts/limits';
import type { Note } from '@locals/contracts/notes';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast-context';
import { isApiError } from '@/lib/api-client';
import { useUpdateNote } from '../api/update-note';
import { characterCount } from '@/lib/character-count';

type EditNoteFormProps = {
  note: Note;
  serviceId: string;
  label: string;
  onDone: () => void;
};

export function EditNoteForm({ note, serviceId, label, onDone }: EditNoteFormProps) {
  const fieldId = useId();
  const [text, setText] = useState(note.noteText);
  const [serverError, setServerError] = useState<string>();
  const updateNote = useUpdateNote(serviceId);
  const { toast } = useToast();
  const count = characterCount(text, MAX_NOTE_LENGTH, 'Note');
  const trimmed = text.trim();
  const canSave = trimmed.length > 0 && !count.isTooLong && !updateNote.isPending;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    updateNote.mutate(
      { noteId: note.id, noteText: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Note Saved', description: 'Your note has been saved.' });
          onDone();
        },
        // The edited text stays in the box so it can be sent again.
        onError: (error) => {
          if (isApiError(error)) setServerError(error.fieldErrors.noteText?.[0]);
          toast({
            title: 'Failed to save note.',
            description: error.message,
            variant: 'destructive',
          });
        },
      },
    );
  }

  const tooLongError = count.tooLongError;
  return (
    <form noValidate method="post" onSubmit={save}>
      <TextAreaField
        id={fieldId}
        name="noteText"
        label={label}
        hint={count.hint}
        error={tooLongError ?? serverError}
        value={text}
        onChange={(event) => {
          setServerError(undefined);
          setText(event.target.value);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!canSave}>
          {updateNote.isPending ? 'Saving...' : 'Save changes'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
