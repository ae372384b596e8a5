import type { CategoryId } from '@locals/contracts/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const helplinesSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/helplines').then((contract) => contract.HelplinesResponseSchema);

/** Every national helpline, or (with a category) those serving that need. */
export async function getHelplines(category: CategoryId | null, signal?: AbortSignal) {
  const query = category ? `?${new URLSearchParams({ category }).toString()}` : '';
  const response = await apiClient.get(`/api/helplines${query}`, helplinesSchema, { signal });
  return response.helplines;
}

export function helplinesQueryOptions(category: CategoryId | null) {
  return queryOptions({
    queryKey: ['helplines', category ?? 'all'],
    queryFn: ({ signal }) => getHelplines(category, signal),
    // Loaded with the open data and checked by hand: they change with a release, not a visit.
    staleTime: 60 * 60_000,
  });
}

/** Pass null for every helpline. */
export function useHelplines(category: CategoryId | null) {
  return useQuery(helplinesQueryOptions(category));
}
