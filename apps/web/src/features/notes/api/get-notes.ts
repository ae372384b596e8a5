import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const notesSchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/notes').then((contract) => contract.NotesResponseSchema);

export const notesQueryKey = (serviceId: string) => ['notes', serviceId] as const;

export function getNotes(serviceId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ serviceId });
  return apiClient.get(`/api/users/me/notes?${query.toString()}`, notesSchema, {
    signal,
  });
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
