import * as votes from '@locals/contracts/routes/votes';
import type { VoteType } from '@locals/contracts/votes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serviceVotesQueryKey, useVoteViewer } from './get-service-votes';

/** PUT sets the vote and DELETE removes it: either may be repeated after a lost answer. */
export function castVote({ serviceId, voteType }: { serviceId: string; voteType: VoteType }) {
  return api(votes.setVote, { params: { id: serviceId }, body: { voteType } });
}

export function removeVote(serviceId: string) {
  return api(votes.removeVote, { params: { id: serviceId } });
}

/** What a press asks for: a vote of this type, or (`voteType: null`) no vote. */
type VoteChange = { serviceId: string; voteType: VoteType | null };

/**
 * Voting the same type again removes the vote (decision 007). The caller decides that from the
 * vote on screen, so each request states the outcome the person chose (a toggle request,
 * repeated after a lost answer, would undo it). Shows the counts the server answers with, never
 * a guess; on failure nothing changes.
 */
export function useCastVote() {
  const queryClient = useQueryClient();
  const { viewer } = useVoteViewer();
  return useMutation({
    mutationFn: ({ serviceId, voteType }: VoteChange) =>
      voteType ? castVote({ serviceId, voteType }) : removeVote(serviceId),
    onSuccess: (summary, { serviceId }) =>
      queryClient.setQueryData(serviceVotesQueryKey(serviceId, viewer), summary),
  });
}
