import type { Note } from '@locals/contracts/notes';
import type { Db } from '@locals/db/client';
import { notes } from '@locals/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { holdService } from '../services/hold-service';

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

    /** Null when the service is not in the directory. */
    async create(userId: string, input: NoteInput, at: Date): Promise<Note | null> {
      return db.transaction(async (transaction) => {
        if (!(await holdService(transaction, input.serviceId))) return null;
        const [row] = await transaction
          .insert(notes)
          .values({ ...input, userId, createdAt: at, updatedAt: at })
          .returning(noteColumns);
        if (!row) throw new Error('Storing the note returned no row');
        return toNote(row);
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

    /** False when this person has no note with that id. */
    async delete(userId: string, noteId: string): Promise<boolean> {
      const deleted = await db
        .delete(notes)
        .where(ownNote(userId, noteId))
        .returning({ id: notes.id });
      return deleted.length > 0;
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
