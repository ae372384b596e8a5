import { randomBytes } from 'node:crypto';
import type { Db } from '@locals/db/client';
import { bookmarkShares } from '@locals/db/schema';
import { eq } from 'drizzle-orm';

export type StoredShare = { token: string; createdAt: Date };

/** 24 random bytes: 32 URL-safe characters that cannot be guessed or enumerated. */
export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

const shareColumns = { token: bookmarkShares.token, createdAt: bookmarkShares.createdAt };

export function createBookmarkSharesRepository(db: Db) {
  async function findByOwner(userId: string): Promise<StoredShare | null> {
    const [row] = await db
      .select(shareColumns)
      .from(bookmarkShares)
      .where(eq(bookmarkShares.userId, userId));
    return row ?? null;
  }

  return {
    findByOwner,

    /** One link per person: creating it again returns the one that exists. */
    async create(userId: string, at: Date): Promise<{ share: StoredShare; isNew: boolean }> {
      const [created] = await db
        .insert(bookmarkShares)
        .values({ userId, token: newShareToken(), createdAt: at })
        .onConflictDoNothing({ target: bookmarkShares.userId })
        .returning(shareColumns);
      if (created) return { share: created, isNew: true };
      const existing = await findByOwner(userId);
      if (!existing) throw new Error('The bookmark share link could not be read back');
      return { share: existing, isNew: false };
    },

    /** Deleting the row revokes the link at once; false when there was none. */
    async revoke(userId: string): Promise<boolean> {
      const deleted = await db
        .delete(bookmarkShares)
        .where(eq(bookmarkShares.userId, userId))
        .returning({ userId: bookmarkShares.userId });
      return deleted.length > 0;
    },

    /** Whose list a link shows, or null for a token that never existed or was revoked. */
    async ownerOf(token: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: bookmarkShares.userId })
        .from(bookmarkShares)
        .where(eq(bookmarkShares.token, token));
      return row?.userId ?? null;
    },
  };
}
