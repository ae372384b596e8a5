import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notesQueryKey } from './get-notes';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const noteSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/notes').then((contract) => contract.NoteResponseSchema);

export function createNote(serviceId: string, noteText: string) {
  return apiClient.post('/api/notes', { serviceId, noteText }, noteSchema);
}

export function useCreateNote(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteText: string) => createNote(serviceId, noteText),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(serviceId) }),
  });
}
