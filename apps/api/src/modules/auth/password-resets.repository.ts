import type { Db } from '@locals/db/client';
import { passwordResetTokens } from '@locals/db/schema';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';

/** Reset links work once, for 30 minutes. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Reset links (and account-exists emails, which carry one) sent to one person in an hour. */
export const MAX_RESET_EMAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export function createPasswordResetsRepository(db: Db) {
  return {
    /**
     * Stores a new link unless the person has had MAX_RESET_EMAILS_PER_HOUR already; false then.
     * Count and insert hold a lock per person, so a burst of requests cannot all pass the count.
     */
    async create(tokenHash: string, userId: string, at: Date): Promise<boolean> {
      const hourAgo = new Date(at.getTime() - HOUR_MS);
      // Kept for an hour after they expire: they count towards the hourly cap.
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.createdAt, hourAgo));
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`reset:${userId}`}, 0))`,
        );
        const [row] = await tx
          .select({ sent: count() })
          .from(passwordResetTokens)
          .where(
            and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, hourAgo)),
          );
        if ((row?.sent ?? 0) >= MAX_RESET_EMAILS_PER_HOUR) return false;
        await tx.insert(passwordResetTokens).values({
          tokenHash,
          userId,
          createdAt: at,
          expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
        });
        return true;
      });
    },

    /** The token's user while it can still be used, leaving it unused; null otherwise. */
    async findUsable(tokenHash: string, at: Date): Promise<{ userId: string } | null> {
      const [row] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, at),
          ),
        );
      return row ?? null;
    },

    /** Marks the token used and returns its user; null when unknown, used or expired. */
    async consume(tokenHash: string, at: Date): Promise<{ userId: string } | null> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, at),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return row ?? null;
    },

    /** Once the password has changed, older links for the account stop working too. */
    async consumeAllForUser(userId: string, at: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },
  };
}
