import { queryOptions, useQuery } from '@tanstack/react-query';
import * as notes from '@locals/contracts/routes/notes';
import { api } from '@/lib/api-client';

export const notesQueryKey = (serviceId: string) => ['notes', serviceId] as const;

export function getNotes(serviceId: string, signal?: AbortSignal) {
  return api(notes.listNotes, { query: { serviceId } }, { signal });
}

export function notesQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: notesQueryKey(serviceId),
    queryFn: ({ signal }) => getNotes(serviceId, signal),
  });
}

/** This person's notes on one service, newest first; asked for only while the dialog is open. */
export function useNotes(serviceId: string, isEnabled: boolean) {
  return useQuery({ ...notesQueryOptions(serviceId), enabled: isEnabled });
}
