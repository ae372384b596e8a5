import type { VoteSummary, VoteType } from '@locals/contracts/votes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { serviceVotesQueryKey, useVoteViewer } from './get-service-votes';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const voteSummarySchema = import.meta.env.PROD
  ? undefined
  : () => import('@locals/contracts/votes').then((contract) => contract.VoteSummarySchema);

type CastVote = { serviceId: string; voteType: VoteType };

/** Spec 4: voting the same type again removes the vote; the other type switches it. */
function castVote({ serviceId, voteType }: CastVote): Promise<VoteSummary> {
  return apiClient.put<VoteSummary>(
    `/api/services/${encodeURIComponent(serviceId)}/vote`,
    { voteType },
    voteSummarySchema,
  );
}

/** Shows the counts the server answers with, never a guess; on failure nothing changes. */
export function useCastVote() {
  const queryClient = useQueryClient();
  const { viewer } = useVoteViewer();
  return useMutation({
    mutationFn: castVote,
    onSuccess: (summary, { serviceId }) =>
      queryClient.setQueryData(serviceVotesQueryKey(serviceId, viewer), summary),
  });
}
