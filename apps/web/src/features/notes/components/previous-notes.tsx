import { useId, useRef } from 'react';
import { useNotes } from '../api/get-notes';
import { PreviousNote } from './previous-note';

type PreviousNotesProps = { serviceId: string };

export function PreviousNotes({ serviceId }: PreviousNotesProps) {
  const { data, isPending, isError } = useNotes(serviceId, true);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notes = [...(data?.notes ?? [])].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );

  return (
    <section aria-labelledby={headingId}>
      {/* Takes focus after a delete, whose buttons are gone with the note. */}
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="mb-2 text-xl font-bold">
        Previous notes
      </h3>
      {isPending && <p role="status">Loading your notes...</p>}
      {/* If fetching fails the dialog still opens, with no previous notes. */}
      {isError && (
        <p className="border-l-4 border-line pl-3">
          Your previous notes could not be loaded just now. You can still write a new note.
        </p>
      )}
      {data && notes.length === 0 && <p>You have no notes on this service yet.</p>}
      {notes.length > 0 && (
        <ol className="space-y-3">
          {notes.map((note) => (
            <PreviousNote
              key={note.id}
              note={note}
              serviceId={serviceId}
              onDeleted={() => headingRef.current?.focus()}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
