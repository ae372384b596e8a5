import * as votes from '@locals/contracts/routes/votes';
import { queryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEveryPartTakenOver } from '@/components/hydrate-in-turn';
import { api } from '@/lib/api-client';
import { serviceVotesQueryKey, useVoteViewer } from './get-service-votes';

export function voteBatchQueryOptions(
  serviceIds: readonly string[],
  viewer: string,
  queryClient: QueryClient,
) {
  const ids = serviceIds.join(',');
  return queryOptions({
    queryKey: ['votes', 'batch', viewer, ids],
    queryFn: async ({ signal }) => {
      const response = await api(votes.getVoteBatch, { query: { serviceIds: ids } }, { signal });
      // Each card reads its own service's entry, which a vote then replaces with the server's
      // answer; the batch itself is never read again.
      for (const summary of response.votes) {
        queryClient.setQueryData(serviceVotesQueryKey(summary.serviceId, viewer), summary);
      }
      return response;
    },
  });
}

/**
 * Asks for the votes of a list of result pages, one request per page (a page is at most the
 * search's page size, well under the API's batch limit of 100).
 */
export function useVoteBatches(pagesOfServiceIds: ReadonlyArray<readonly string[]>) {
  const queryClient = useQueryClient();
  const { viewer, isKnown } = useVoteViewer();
  // Asked for once the page from the server is the app's: the cards' counts must first match it.
  const isTakenOver = useEveryPartTakenOver();
  useQueries({
    queries: pagesOfServiceIds
      .filter((serviceIds) => serviceIds.length > 0)
      .map((serviceIds) => ({
        ...voteBatchQueryOptions(serviceIds, viewer, queryClient),
        enabled: isKnown && isTakenOver,
      })),
  });
}
