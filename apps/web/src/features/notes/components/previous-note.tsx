import type { Note } from '@locals/contracts/notes';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { failureToast, useToast } from '@/components/ui/toast-context';
import { useDeleteNote } from '../api/delete-note';
import { formatNoteDate } from '../note-date';
import { EditNoteForm } from './edit-note-form';

type Mode = 'view' | 'edit' | 'confirm-delete';

/** The buttons that leave 'view', and where each goes. */
const MODE_BUTTONS = [
  { mode: 'edit', label: 'Edit' },
  { mode: 'confirm-delete', label: 'Delete' },
] as const satisfies readonly { mode: Mode; label: string }[];

type PreviousNoteProps = { note: Note; serviceId: string; onDeleted: () => void };

export function PreviousNote({ note, serviceId, onDeleted }: PreviousNoteProps) {
  const [mode, setMode] = useState<Mode>('view');
  const itemRef = useModeFocus(mode);
  const deleteNote = useDeleteNote(serviceId);
  const { toast } = useToast();
  const written = formatNoteDate(note.createdAt);
  const isEdited = note.updatedAt !== note.createdAt;

  // mutateAsync: the notes are read again before the deletion settles, which unmounts this item
  // and would silently drop mutate's own callbacks (no toast, focus lost).
  async function confirmDelete() {
    try {
      await deleteNote.mutateAsync(note.id);
    } catch (error) {
      toast(failureToast('Failed to delete note.', error));
      return;
    }
    toast({ title: 'Note Deleted', description: 'Your note has been deleted.' });
    onDeleted();
  }

  return (
    <li ref={itemRef} className="rounded border-2 border-line p-3">
      <p className="mb-2 text-muted">
        <time dateTime={note.createdAt}>{written}</time>
        {isEdited && ` (edited ${formatNoteDate(note.updatedAt)})`}
      </p>
      {mode === 'edit' ? (
        <EditNoteForm
          note={note}
          serviceId={serviceId}
          label={`Edit note from ${written}`}
          onDone={() => setMode('view')}
        />
      ) : (
        <p className="mb-3 break-words whitespace-pre-line">{note.noteText}</p>
      )}
      {mode === 'view' && (
        <div className="flex flex-wrap gap-2">
          {MODE_BUTTONS.map(({ mode: next, label }) => (
            <Button
              key={next}
              variant="secondary"
              data-mode-return={next}
              aria-label={`${label} note from ${written}`}
              onClick={() => setMode(next)}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
      {mode === 'confirm-delete' && (
        <ConfirmDelete
          question="Delete this note? You cannot undo this."
          confirmLabel="Yes, delete note"
          isDeleting={deleteNote.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setMode('view')}
        />
      )}
    </li>
  );
}

/**
 * The control a person used disappears when the mode changes, so focus would fall out of the
 * dialog: move it to the new mode's first control, and back to Edit or Delete on the way out.
 */
function useModeFocus(mode: Mode) {
  const itemRef = useRef<HTMLLIElement>(null);
  const previousMode = useRef(mode);
  useLayoutEffect(() => {
    const leftMode = previousMode.current;
    if (leftMode === mode) return;
    previousMode.current = mode;
    const selector =
      mode === 'view' ? `[data-mode-return="${leftMode}"]` : 'textarea, button:not([disabled])';
    itemRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [mode]);
  return itemRef;
}
