import type { Db } from '@locals/db/client';
import { bookmarks, events } from '@locals/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { holdService } from '../services';

export type StoredBookmark =
  | { id: string; type: 'service'; serviceId: string; createdAt: Date }
  | { id: string; type: 'event'; eventId: string; createdAt: Date };

/** Whether an add stored a new bookmark or found it already there (adding is idempotent). */
export type AddOutcome = 'added' | 'existing';

const newestFirst = [desc(bookmarks.createdAt), desc(bookmarks.id)];

export function createBookmarksRepository(db: Db) {
  return {
    /** This person's bookmarks of both kinds, newest first. */
    async list(userId: string): Promise<StoredBookmark[]> {
      const rows = await db
        .select()
        .from(bookmarks)
        .where(eq(bookmarks.userId, userId))
        .orderBy(...newestFirst);
      return rows.flatMap(toStored);
    },

    /** The ids of this person's bookmarked services, newest first. */
    async serviceIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ serviceId: bookmarks.serviceId })
        .from(bookmarks)
        .where(and(eq(bookmarks.userId, userId), eq(bookmarks.kind, 'service')))
        .orderBy(...newestFirst);
      return rows.flatMap((row) => row.serviceId ?? []);
    },

    /** Null when the service is not in the directory. */
    async addService(userId: string, serviceId: string, at: Date): Promise<AddOutcome | null> {
      return db.transaction(async (transaction) => {
        if (!(await holdService(transaction, serviceId))) return null;
        const added = await transaction
          .insert(bookmarks)
          .values({ userId, kind: 'service', serviceId, createdAt: at })
          .onConflictDoNothing()
          .returning({ id: bookmarks.id });
        return added.length > 0 ? 'added' : 'existing';
      });
    },

    /**
     * Null when Locals does not list the event. The bookmark then outlives the event: an
     * organiser's feed dropping it leaves the person's bookmark, which says so.
     */
    async addEvent(userId: string, eventId: string, at: Date): Promise<AddOutcome | null> {
      return db.transaction(async (transaction) => {
        const [listed] = await transaction
          .select({ id: events.id })
          .from(events)
          .where(eq(events.id, eventId))
          .for('share');
        if (!listed) return null;
        const added = await transaction
          .insert(bookmarks)
          .values({ userId, kind: 'event', eventId, createdAt: at })
          .onConflictDoNothing()
          .returning({ id: bookmarks.id });
        return added.length > 0 ? 'added' : 'existing';
      });
    },

    /** Idempotent: afterwards this person has no bookmark of the service, whatever was there. */
    async removeService(userId: string, serviceId: string): Promise<void> {
      await db
        .delete(bookmarks)
        .where(and(eq(bookmarks.userId, userId), eq(bookmarks.serviceId, serviceId)));
    },

    async removeEvent(userId: string, eventId: string): Promise<void> {
      await db
        .delete(bookmarks)
        .where(and(eq(bookmarks.userId, userId), eq(bookmarks.eventId, eventId)));
    },
  };
}

function toStored(row: typeof bookmarks.$inferSelect): StoredBookmark[] {
  const { id, createdAt } = row;
  // The table's check constraint pairs each kind with exactly one id.
  if (row.kind === 'service' && row.serviceId) {
    return [{ id, type: 'service', serviceId: row.serviceId, createdAt }];
  }
  if (row.kind === 'event' && row.eventId)
    return [{ id, type: 'event', eventId: row.eventId, createdAt }];
  return [];
}
