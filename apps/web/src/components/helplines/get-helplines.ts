import type { CategoryId } from '@locals/contracts/categories';
import { isValidPostcode } from '@locals/contracts/postcode';
import * as helplines from '@locals/contracts/routes/helplines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** What to choose lines for; leave all out for every line. */
export type HelplinesFilter = {
  category?: CategoryId | null;
  /** The need in the person's words: matched lines, and the crisis lines when it signals a risk to life. */
  keyword?: string;
  /** Leaves out lines that do not serve the postcode's nation. */
  postcode?: string;
};

function queryOf({ category, keyword, postcode }: HelplinesFilter) {
  return {
    category: category ?? undefined,
    keyword: keyword?.trim() || undefined,
    postcode: postcode?.trim() || undefined,
  };
}

/**
 * The lines for a search's words and place, as a page asks for them when it has no search reply
 * to take them from. The postcode goes only when it could be one, so a typo cannot fail the
 * question: the crisis lines matter more than the nation they are chosen for.
 */
export function searchHelplinesFilter(criteria: {
  keyword: string;
  postcode: string;
}): HelplinesFilter {
  const postcode = isValidPostcode(criteria.postcode) ? criteria.postcode : undefined;
  return { keyword: criteria.keyword, postcode };
}

export async function getHelplines(filter: HelplinesFilter, signal?: AbortSignal) {
  const query = queryOf(filter);
  try {
    return await api(helplines.listHelplines, { query }, { signal });
  } catch (error) {
    // A postcode the API cannot place (a typo, one not in use) must not cost the person the
    // lines: ask again without it, for every nation's lines.
    const isPostcodeRefused = isApiError(error) && (error.status === 400 || error.status === 404);
    if (!isPostcodeRefused || query.postcode === undefined) throw error;
    return api(helplines.listHelplines, { query: { ...query, postcode: undefined } }, { signal });
  }
}

export function helplinesQueryOptions(filter: HelplinesFilter) {
  const query = queryOf(filter);
  return queryOptions({
    queryKey: ['helplines', query.category ?? '', query.keyword ?? '', query.postcode ?? ''],
    queryFn: ({ signal }) => getHelplines(filter, signal),
    // Loaded with the open data and checked by hand: they change with a release, not a visit.
    staleTime: 60 * 60_000,
  });
}

export function useHelplines(filter: HelplinesFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ ...helplinesQueryOptions(filter), enabled: options.enabled ?? true });
}
