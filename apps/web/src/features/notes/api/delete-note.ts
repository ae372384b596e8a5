import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notesQueryKey } from './get-notes';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const successSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/engagement-common').then(
        (contract) => contract.SuccessResponseSchema,
      );

export function deleteNote(noteId: string) {
  return apiClient.delete(`/api/notes/${encodeURIComponent(noteId)}`, successSchema);
}

export function useDeleteNote(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(serviceId) }),
  });
}
