import { z } from 'zod';
import { ServiceIdSchema } from './engagement-common';
import { controlCharactersMessage, hasControlCharacters } from './text-field';

export const VoteTypeSchema = z.enum(['up', 'down'], { error: "voteType must be 'up' or 'down'" });
export type VoteType = z.infer<typeof VoteTypeSchema>;

/**
 * PUT /api/services/{id}/vote sets the person's vote. Voting the same type again removes it: the
 * web app sends DELETE for that (decision 007).
 */
export const CastVoteSchema = z.object({ voteType: VoteTypeSchema });

/** A service's counts and, when signed in, this person's vote. */
export const VoteSummarySchema = z.object({
  serviceId: z.string(),
  thumbsUp: z.number().int().nonnegative(),
  thumbsDown: z.number().int().nonnegative(),
  userVote: VoteTypeSchema.nullable(),
});
export type VoteSummary = z.infer<typeof VoteSummarySchema>;

/** GET /api/votes?serviceIds=a,b,c: one call for a page of result cards. */
export const MAX_VOTE_BATCH = 100;
export const VoteBatchQuerySchema = z.object({
  serviceIds: z
    .string({ error: 'serviceIds is required' })
    .refine((value) => !hasControlCharacters(value), {
      error: controlCharactersMessage('serviceIds'),
      abort: true,
    })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(ServiceIdSchema)
        .min(1, { error: 'serviceIds is required' })
        .max(MAX_VOTE_BATCH, { error: `Ask for at most ${MAX_VOTE_BATCH} services at once` }),
    ),
});
export const VoteBatchResponseSchema = z.object({ votes: z.array(VoteSummarySchema) });
export type VoteBatchResponse = z.infer<typeof VoteBatchResponseSchema>;
