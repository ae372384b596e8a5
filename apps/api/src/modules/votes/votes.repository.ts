import type { VoteSummary, VoteType } from '@locals/contracts/votes';
import type { Db } from '@locals/db/client';
import { services, serviceVotes, users } from '@locals/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { holdService, type Transaction } from '../services/hold-service';

type Reader = Db | Transaction;

export function createVotesRepository(db: Db) {
  return {
    /** Summaries for the services that exist, in the order asked; unknown ids are left out. */
    async summaries(serviceIds: string[], viewerId: string | null): Promise<VoteSummary[]> {
      const found = await summariesOf(db, serviceIds, viewerId);
      const byId = new Map(found.map((summary) => [summary.serviceId, summary]));
      return serviceIds.flatMap((id) => byId.get(id) ?? []);
    },

    /** Spec 4: no vote sets it, the same type again removes it, the other type switches. */
    async toggle(serviceId: string, userId: string, voteType: VoteType, at: Date) {
      return db.transaction(async (transaction) => {
        if (!(await holdService(transaction, serviceId))) return null;
        await toggleRow(transaction, { serviceId, userId, voteType, at });
        return summaryOf(transaction, serviceId, userId);
      });
    },

    async remove(serviceId: string, userId: string) {
      return db.transaction(async (transaction) => {
        if (!(await holdService(transaction, serviceId))) return null;
        await lockVoter(transaction, userId);
        await transaction
          .delete(serviceVotes)
          .where(and(eq(serviceVotes.userId, userId), eq(serviceVotes.serviceId, serviceId)));
        return summaryOf(transaction, serviceId, userId);
      });
    },
  };
}

/**
 * A person's clicks queue on their own user row, so each click sees the one before it and
 * concurrent clicks end exactly as the same clicks one after another would. Other people's votes
 * do not wait: their foreign-key checks take a weaker lock that this one does not block.
 */
async function lockVoter(transaction: Transaction, userId: string) {
  await transaction
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
}

async function toggleRow(
  transaction: Transaction,
  vote: { serviceId: string; userId: string; voteType: VoteType; at: Date },
) {
  await lockVoter(transaction, vote.userId);
  const isThisVote = and(
    eq(serviceVotes.userId, vote.userId),
    eq(serviceVotes.serviceId, vote.serviceId),
  );
  const [existing] = await transaction
    .select({ voteType: serviceVotes.voteType })
    .from(serviceVotes)
    .where(isThisVote);
  if (existing?.voteType === vote.voteType) {
    await transaction.delete(serviceVotes).where(isThisVote);
  } else if (existing) {
    await transaction
      .update(serviceVotes)
      .set({ voteType: vote.voteType, updatedAt: vote.at })
      .where(isThisVote);
  } else {
    await transaction.insert(serviceVotes).values({
      userId: vote.userId,
      serviceId: vote.serviceId,
      voteType: vote.voteType,
      createdAt: vote.at,
      updatedAt: vote.at,
    });
  }
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
