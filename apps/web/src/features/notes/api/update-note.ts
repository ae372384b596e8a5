import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as notes from '@locals/contracts/routes/notes';
import { api } from '@/lib/api-client';
import { notesQueryKey } from './get-notes';

export function updateNote(noteId: string, noteText: string) {
  // Sets the text: sending it twice leaves the same note.
  return api(
    notes.updateNote,
    { params: { id: noteId }, body: { noteText } },
    { isIdempotent: true },
  );
}

export function useUpdateNote(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, noteText }: { noteId: string; noteText: string }) =>
      updateNote(noteId, noteText),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(serviceId) }),
  });
}
