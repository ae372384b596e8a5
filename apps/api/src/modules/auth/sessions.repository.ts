import type { Db } from '@locals/db/client';
import { sessions, users } from '@locals/db/schema';
import { eq, lt, or } from 'drizzle-orm';

/** A session lasts 86400 s without activity... */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** ...and never more than 30 days after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Activity is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type NewSession = {
  id: string;
  userId: string;
  idToken: string | undefined;
  userAgent: string | undefined;
};

export function createSessionsRepository(db: Db) {
  return {
    async create(session: NewSession, at: Date): Promise<void> {
      // A session that ended is otherwise deleted only when its cookie comes back, and many never
      // do (a closed laptop, a cleared browser): each sign-in sweeps those away, as the privacy
      // notice promises.
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, at),
            lt(sessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS)),
          ),
        );
      await db.insert(sessions).values({
        id: session.id,
        userId: session.userId,
        idToken: session.idToken ?? null,
        userAgent: session.userAgent?.slice(0, 300) ?? null,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      });
    },

    /** The live session and its user; an expired one is deleted and reads as none. */
    async findActive(id: string, at: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id));
      if (!row) return null;
      const { session } = row;
      const isIdle = at.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS;
      if (isIdle || at >= session.expiresAt) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
      }
      return row;
    },

    /** The deleted session's id token (for the logout hint), or null if there was none. */
    async delete(id: string): Promise<{ idToken: string | null } | null> {
      const [row] = await db
        .delete(sessions)
        .where(eq(sessions.id, id))
        .returning({ idToken: sessions.idToken });
      return row ?? null;
    },

    async deleteAllForUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}
