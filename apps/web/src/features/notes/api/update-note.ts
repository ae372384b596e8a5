import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notesQueryKey } from './get-notes';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const noteSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/notes').then((contract) => contract.NoteResponseSchema);

export function updateNote(noteId: string, noteText: string) {
  // Sets the text: sending it twice leaves the same note.
  return apiClient.patch(`/api/notes/${encodeURIComponent(noteId)}`, { noteText }, noteSchema, {
    isIdempotent: true,
  });
}

export function useUpdateNote(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, noteText }: { noteId: string; noteText: string }) =>
      updateNote(noteId, noteText),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(serviceId) }),
  });
}
