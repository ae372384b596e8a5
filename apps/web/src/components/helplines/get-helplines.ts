import type { CategoryId } from '@locals/contracts/categories';
import * as helplines from '@locals/contracts/routes/helplines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every national helpline, or (with a category) those serving that need. */
export async function getHelplines(category: CategoryId | null, signal?: AbortSignal) {
  const query = { category: category ?? undefined };
  const response = await api(helplines.listHelplines, { query }, { signal });
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
