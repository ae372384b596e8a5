import type { VoteSummary, VoteType } from '@locals/contracts/votes';
import { jsonResponse } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';

type Votes = Omit<VoteSummary, 'serviceId'>;

export const votesPath = (serviceId: string) =>
  `/api/services/${encodeURIComponent(serviceId)}/votes`;
export const votePath = (serviceId: string) =>
  `/api/services/${encodeURIComponent(serviceId)}/vote`;

/**
 * Handlers for stubApi: a tiny votes API over a map, as the real one: PUT sets the person's vote,
 * DELETE removes it (both idempotent). Unknown services are left out of a batch.
 */
export function fakeVotesApi(initial: Record<string, Votes>) {
  const votes = new Map(Object.entries(initial));
  const summaryOf = (serviceId: string): VoteSummary => ({ serviceId, ...votes.get(serviceId)! });

  function setVote(serviceId: string, voteType: VoteType | null): VoteSummary {
    const current = votes.get(serviceId)!;
    const next = { ...current };
    if (current.userVote === 'up') next.thumbsUp -= 1;
    if (current.userVote === 'down') next.thumbsDown -= 1;
    next.userVote = voteType;
    if (next.userVote === 'up') next.thumbsUp += 1;
    if (next.userVote === 'down') next.thumbsDown += 1;
    votes.set(serviceId, next);
    return summaryOf(serviceId);
  }

  const handlers: Record<string, (request: RecordedRequest) => Response> = {
    'GET /api/votes': (request) => {
      const ids = (request.query.get('serviceIds') ?? '').split(',');
      return jsonResponse({ votes: ids.filter((id) => votes.has(id)).map(summaryOf) });
    },
  };
  for (const serviceId of votes.keys()) {
    handlers[`GET ${votesPath(serviceId)}`] = () => jsonResponse(summaryOf(serviceId));
    handlers[`PUT ${votePath(serviceId)}`] = (request) =>
      jsonResponse(setVote(serviceId, (request.body as { voteType: VoteType }).voteType));
    handlers[`DELETE ${votePath(serviceId)}`] = () => jsonResponse(setVote(serviceId, null));
  }
  return handlers;
}
