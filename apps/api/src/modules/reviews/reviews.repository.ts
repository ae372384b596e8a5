import type { Review, ReviewsResponse } from '@locals/contracts/reviews';
import type { Db } from '@locals/db/client';
import { reviews, services, users } from '@locals/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import { hasReceipt, writeReceipt } from '../idempotency';
import type { Transaction } from '../services';
import { reviewerName } from './reviewer-name';

type Reader = Db | Transaction;

export type ReviewInput = { serviceId: string; rating: number; reviewText: string };
export type ReviewsPage = { page: number; pageSize: number };

const reviewColumns = {
  id: reviews.id,
  userId: reviews.userId,
  serviceId: reviews.serviceId,
  rating: reviews.rating,
  reviewText: reviews.reviewText,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
};
type ReviewRow = {
  id: string;
  userId: string;
  serviceId: string;
  rating: number;
  reviewText: string;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
};

export function createReviewsRepository(db: Db) {
  return {
    /** One page, newest first, with figures over every review; null for an unknown service. */
    async list(
      serviceId: string,
      viewerId: string | null,
      { page, pageSize }: ReviewsPage,
    ): Promise<ReviewsResponse | null> {
      const [service] = await db
        .select({ id: services.id })
        .from(services)
        .where(eq(services.id, serviceId));
      if (!service) return null;
      const [figures, rows, mine] = await Promise.all([
        figuresFor(db, serviceId),
        db
          .select(reviewColumns)
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(eq(reviews.serviceId, serviceId))
          // Newest written first, as the list shows createdAt: an edit does not move a review.
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        viewerId ? findOwn(db, serviceId, viewerId) : null,
      ]);
      return {
        reviews: rows.map((row) => toReview(row, viewerId)),
        ...figures,
        page,
        pageSize,
        hasMore: page * pageSize < figures.totalCount,
        myReview: mine ? toReview(mine, viewerId) : null,
      };
    },

    /** One review per person per service: the first post creates it, later ones edit it. */
    async save(userId: string, input: ReviewInput, at: Date) {
      return db.transaction(async (transaction) => {
        if (!(await lockService(transaction, input.serviceId))) return null;
        const existing = await findOwn(transaction, input.serviceId, userId);
        const content = { rating: input.rating, reviewText: input.reviewText, updatedAt: at };
        if (existing) {
          await transaction.update(reviews).set(content).where(eq(reviews.id, existing.id));
        } else {
          await transaction
            .insert(reviews)
            .values({ ...content, userId, serviceId: input.serviceId, createdAt: at });
        }
        await recountService(transaction, input.serviceId);
        const saved = await findOwn(transaction, input.serviceId, userId);
        if (!saved) throw new Error('The saved review could not be read back');
        return { review: toReview(saved, userId), isNew: !existing };
      });
    },

    /**
     * Only the author's own review: 'deleted', or 'already_deleted' when they deleted it earlier
     * (a retried DELETE whose first answer was lost). Anyone else's reads as missing (false).
     */
    async delete(
      userId: string,
      reviewId: string,
      at: Date,
    ): Promise<'deleted' | 'already_deleted' | false> {
      return db.transaction(async (transaction) => {
        const isOwn = and(eq(reviews.id, reviewId), eq(reviews.userId, userId));
        const receipt = { kind: 'review' as const, objectId: reviewId, userId };
        const [own] = await transaction
          .select({ serviceId: reviews.serviceId })
          .from(reviews)
          .where(isOwn);
        if (!own) return (await hasReceipt(transaction, receipt)) ? 'already_deleted' : false;
        await lockService(transaction, own.serviceId);
        const deleted = await transaction
          .delete(reviews)
          .where(isOwn)
          .returning({ id: reviews.id });
        // A concurrent delete of the same review won the race; it wrote the receipt.
        if (deleted.length === 0) return 'already_deleted';
        await writeReceipt(transaction, { ...receipt, at });
        await recountService(transaction, own.serviceId);
        return 'deleted';
      });
    },
  };
}

/**
 * Every review write for a service holds this lock until it commits, so the recount that follows
 * sees every other committed review and the service's figures cannot be left stale.
 */
async function lockService(transaction: Transaction, serviceId: string): Promise<boolean> {
  const [row] = await transaction
    .select({ id: services.id })
    .from(services)
    .where(eq(services.id, serviceId))
    .for('no key update');
  return row !== undefined;
}

/** Search cards and the detail read these columns; they are always recounted from the rows. */
async function recountService(transaction: Transaction, serviceId: string) {
  const ofService = sql`from ${reviews} where ${reviews.serviceId} = ${serviceId}`;
  await transaction
    .update(services)
    .set({
      ratingAverage: sql`(select avg(${reviews.rating}) ${ofService})`,
      reviewCount: sql`(select count(*) ${ofService})`,
    })
    .where(eq(services.id, serviceId));
}

async function findOwn(reader: Reader, serviceId: string, userId: string) {
  const [row] = await reader
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.serviceId, serviceId), eq(reviews.userId, userId)));
  return row ?? null;
}

async function figuresFor(reader: Reader, serviceId: string) {
  const withRating = (stars: number) =>
    sql`count(*) filter (where ${reviews.rating} = ${stars})`.mapWith(Number);
  const [row] = await reader
    .select({
      totalCount: sql`count(*)`.mapWith(Number),
      average: sql<number | null>`avg(${reviews.rating})::float8`,
      one: withRating(1),
      two: withRating(2),
      three: withRating(3),
      four: withRating(4),
      five: withRating(5),
    })
    .from(reviews)
    .where(eq(reviews.serviceId, serviceId));
  if (!row) throw new Error('An aggregate query returned no row');
  return {
    totalCount: row.totalCount,
    // One decimal, as the stars are shown.
    averageRating: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
    ratingDistribution: { 1: row.one, 2: row.two, 3: row.three, 4: row.four, 5: row.five },
  };
}

/** Storage is not the wire: the author shows as a short name, never by id or email. */
function toReview(row: ReviewRow, viewerId: string | null): Review {
  return {
    id: row.id,
    serviceId: row.serviceId,
    rating: row.rating,
    reviewText: row.reviewText,
    userName: reviewerName(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Nobody can mark a review helpful yet.
    helpful: 0,
    isMine: row.userId === viewerId,
  };
}
