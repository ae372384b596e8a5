import type { Db } from '@locals/db/client';
import { passwordResetTokens } from '@locals/db/schema';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';

/** Reset links work once, for 30 minutes. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export function createPasswordResetsRepository(db: Db) {
  return {
    async create(tokenHash: string, userId: string, at: Date): Promise<void> {
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, at));
      await db.insert(passwordResetTokens).values({
        tokenHash,
        userId,
        createdAt: at,
        expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
      });
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
