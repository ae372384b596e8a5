import type { VoteSummary, VoteType } from '@locals/contracts/votes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { serviceVotesQueryKey, useVoteViewer } from './get-service-votes';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const voteSummarySchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/votes').then((contract) => contract.VoteSummarySchema);

const votePath = (serviceId: string) => `/api/services/${encodeURIComponent(serviceId)}/vote`;

/** PUT sets the vote and DELETE removes it: either may be repeated after a lost answer. */
export function castVote({ serviceId, voteType }: { serviceId: string; voteType: VoteType }) {
  return apiClient.put<VoteSummary>(votePath(serviceId), { voteType }, voteSummarySchema);
}

export function removeVote(serviceId: string) {
  return apiClient.delete<VoteSummary>(votePath(serviceId), voteSummarySchema);
}

/** What a press asks for: a vote of this type, or (`voteType: null`) no vote. */
type VoteChange = { serviceId: string; voteType: VoteType | null };

/**
 * Spec 4: voting the same type again removes the vote. The caller decides that from the vote on
 * screen, so each request states the outcome the person chose (a toggle request, repeated after
 * a lost answer, would undo it). Shows the counts the server answers with, never a guess; on
 * failure nothing changes.
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
