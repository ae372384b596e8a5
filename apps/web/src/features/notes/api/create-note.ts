import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as notes from '@locals/contracts/routes/notes';
import { api } from '@/lib/api-client';
import { notesQueryKey } from './get-notes';

type NewNote = { noteText: string; idempotencyKey: string };

/** The key makes a retry safe: the server answers a repeat with the note it already stored. */
export function createNote(serviceId: string, { noteText, idempotencyKey }: NewNote) {
  return api(notes.createNote, { body: { serviceId, noteText } }, { idempotencyKey });
}

/** Shared by every form for the service, so one opened again mid-save shows it is saving. */
export const createNoteMutationKey = (serviceId: string) => ['notes', 'create', serviceId] as const;

export function useCreateNote(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createNoteMutationKey(serviceId),
    mutationFn: (note: NewNote) => createNote(serviceId, note),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(serviceId) }),
  });
}
