import type { Note } from '@locals/contracts/notes';
import type { Db } from '@locals/db/client';
import { notes } from '@locals/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import { hasReceipt, replayOf, writeReceipt, type IdempotentCreate } from '../idempotency';
import { holdService } from '../services';

export type NoteInput = { serviceId: string; noteText: string };

const noteColumns = {
  id: notes.id,
  serviceId: notes.serviceId,
  noteText: notes.noteText,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};
type NoteRow = {
  id: string;
  serviceId: string;
  noteText: string;
  createdAt: Date;
  updatedAt: Date;
};

/** Every query names the author as well as the note, so nobody else's note is ever found. */
const ownNote = (userId: string, noteId: string) =>
  and(eq(notes.id, noteId), eq(notes.userId, userId));

export function createNotesRepository(db: Db) {
  return {
    /** This person's notes, newest first: all of them, or those about one service. */
    async list(userId: string, serviceId?: string): Promise<Note[]> {
      const rows = await db
        .select(noteColumns)
        .from(notes)
        .where(
          serviceId === undefined
            ? eq(notes.userId, userId)
            : and(eq(notes.userId, userId), eq(notes.serviceId, serviceId)),
        )
        .orderBy(desc(notes.createdAt), desc(notes.id));
      return rows.map(toNote);
    },

    /**
     * Null when the service is not in the directory. With an idempotency key, a repeat of the
     * same request finds the note the first one made instead of making a second.
     */
    async create(
      userId: string,
      input: NoteInput,
      at: Date,
      idempotencyKey?: string,
    ): Promise<IdempotentCreate<Note> | null> {
      return db.transaction(async (transaction) => {
        if (!(await holdService(transaction, input.serviceId))) return null;
        const [row] = await transaction
          .insert(notes)
          .values({ ...input, userId, idempotencyKey, createdAt: at, updatedAt: at })
          // A concurrent request with the same key waits here until the first one commits.
          .onConflictDoNothing({
            target: [notes.userId, notes.idempotencyKey],
            where: sql`${notes.idempotencyKey} is not null`,
          })
          .returning(noteColumns);
        if (row) return { outcome: 'created' as const, value: toNote(row) };
        const [first] = idempotencyKey
          ? await transaction
              .select(noteColumns)
              .from(notes)
              .where(and(eq(notes.userId, userId), eq(notes.idempotencyKey, idempotencyKey)))
          : [];
        if (!first) throw new Error('A note that conflicted could not be read back');
        // The text is compared as stored; a note edited since reads as another request (422).
        const isSameRequest =
          first.serviceId === input.serviceId && first.noteText === input.noteText;
        return replayOf(toNote(first), isSameRequest);
      });
    },

    /** Null when this person has no note with that id. */
    async update(userId: string, noteId: string, noteText: string, at: Date): Promise<Note | null> {
      const [row] = await db
        .update(notes)
        .set({ noteText, updatedAt: at })
        .where(ownNote(userId, noteId))
        .returning(noteColumns);
      return row ? toNote(row) : null;
    },

    /**
     * 'deleted', or 'already_deleted' when this person deleted it earlier (a retried DELETE whose
     * first answer was lost); false when this person never had a note with that id.
     */
    async delete(
      userId: string,
      noteId: string,
      at: Date,
    ): Promise<'deleted' | 'already_deleted' | false> {
      return db.transaction(async (transaction) => {
        const deleted = await transaction
          .delete(notes)
          .where(ownNote(userId, noteId))
          .returning({ id: notes.id });
        if (deleted.length > 0) {
          await writeReceipt(transaction, { kind: 'note', objectId: noteId, userId, at });
          return 'deleted';
        }
        return (await hasReceipt(transaction, { kind: 'note', objectId: noteId, userId }))
          ? 'already_deleted'
          : false;
      });
    },
  };
}

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    serviceId: row.serviceId,
    noteText: row.noteText,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
