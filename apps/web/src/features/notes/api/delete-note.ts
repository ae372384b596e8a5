import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as notes from '@locals/contracts/routes/notes';
import { api } from '@/lib/api-client';
import { notesQueryKey } from './get-notes';

export function deleteNote(noteId: string) {
  return api(notes.deleteNote, { params: { id: noteId } });
}

export function useDeleteNote(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(serviceId) }),
  });
}
