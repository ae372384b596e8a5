import * as votes from '@locals/contracts/routes/votes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** `viewer` is part of every votes key because `userVote` depends on who is asking. */
export function useVoteViewer() {
  const session = useSession();
  return {
    viewer: session.isSignedIn ? session.user.id : 'anonymous',
    // Waiting for the session avoids asking twice (signed out, then signed in) on first load.
    isKnown: !session.isPending,
  };
}

export const serviceVotesQueryKey = (serviceId: string, viewer: string) =>
  ['votes', 'service', serviceId, viewer] as const;

export function serviceVotesQueryOptions(serviceId: string, viewer: string) {
  return queryOptions({
    queryKey: serviceVotesQueryKey(serviceId, viewer),
    queryFn: ({ signal }) => api(votes.getServiceVotes, { params: { id: serviceId } }, { signal }),
  });
}

/** One service's counts and the person's own vote, for the detail panel. */
export function useServiceVotes(serviceId: string) {
  const { viewer, isKnown } = useVoteViewer();
  return useQuery({ ...serviceVotesQueryOptions(serviceId, viewer), enabled: isKnown });
}

/**
 * A result card's votes as its page's batch request left them (see useVoteBatches): never asked
 * for one card at a time, so a page of ten cards costs one request, not ten.
 */
export function useBatchedServiceVotes(serviceId: string) {
  const { viewer } = useVoteViewer();
  return useQuery({ ...serviceVotesQueryOptions(serviceId, viewer), enabled: false });
}
