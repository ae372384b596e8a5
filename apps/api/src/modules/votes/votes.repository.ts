import type { VoteSummary, VoteType } from '@locals/contracts/votes';
import type { Db } from '@locals/db/client';
import { services, serviceVotes } from '@locals/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { holdService, type Transaction } from '../services';

type Reader = Db | Transaction;

export function createVotesRepository(db: Db) {
  return {
    /** Summaries for the services that exist, in the order asked; unknown ids are left out. */
    async summaries(serviceIds: string[], viewerId: string | null): Promise<VoteSummary[]> {
      const found = await summariesOf(db, serviceIds, viewerId);
      const byId = new Map(found.map((summary) => [summary.serviceId, summary]));
      return serviceIds.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * Sets the person's vote, whatever it was: the same request twice ends in the same state, so
     * a retry after a lost answer cannot undo it (decision 007). Pressing the current vote again
     * removes it in the client, which sends DELETE.
     */
    async set(serviceId: string, userId: string, voteType: VoteType, at: Date) {
      return db.transaction(async (transaction) => {
        if (!(await holdService(transaction, serviceId))) return null;
        // One atomic statement: concurrent sets and removes each end in one whole row or none.
        await transaction
          .insert(serviceVotes)
          .values({ userId, serviceId, voteType, createdAt: at, updatedAt: at })
          .onConflictDoUpdate({
            target: [serviceVotes.userId, serviceVotes.serviceId],
            set: { voteType, updatedAt: at },
          });
        return summaryOf(transaction, serviceId, userId);
      });
    },

    /** Idempotent too: removing a vote that is not there changes nothing. */
    async remove(serviceId: string, userId: string) {
      return db.transaction(async (transaction) => {
        if (!(await holdService(transaction, serviceId))) return null;
        await transaction
          .delete(serviceVotes)
          .where(and(eq(serviceVotes.userId, userId), eq(serviceVotes.serviceId, serviceId)));
        return summaryOf(transaction, serviceId, userId);
      });
    },
  };
}

async function summaryOf(reader: Reader, serviceId: string, viewerId: string) {
  const [summary] = await summariesOf(reader, [serviceId], viewerId);
  return summary ?? null;
}

/** Counted from the rows every time, so the numbers can never drift from the votes. */
async function summariesOf(
  reader: Reader,
  serviceIds: string[],
  viewerId: string | null,
): Promise<VoteSummary[]> {
  if (serviceIds.length === 0) return [];
  const rows = await reader
    .select({
      serviceId: services.id,
      thumbsUp:
        sql`count(${serviceVotes.userId}) filter (where ${serviceVotes.voteType} = 'up')`.mapWith(
          Number,
        ),
      thumbsDown:
        sql`count(${serviceVotes.userId}) filter (where ${serviceVotes.voteType} = 'down')`.mapWith(
          Number,
        ),
      userVote: viewerId
        ? sql<
            string | null
          >`max(${serviceVotes.voteType}) filter (where ${serviceVotes.userId} = ${viewerId})`
        : sql<null>`null`,
    })
    .from(services)
    .leftJoin(serviceVotes, eq(serviceVotes.serviceId, services.id))
    .where(inArray(services.id, serviceIds))
    .groupBy(services.id);
  return rows.map((row) => ({ ...row, userVote: asVoteType(row.userVote) }));
}

function asVoteType(value: string | null): VoteType | null {
  return value === 'up' || value === 'down' ? value : null;
}
