import { z } from 'zod';
import { boundedText, ServiceIdSchema, TimestampSchema } from './engagement-common';
import { MAX_NOTE_LENGTH } from './limits';

export const NoteTextSchema = boundedText('Note', MAX_NOTE_LENGTH);

/** POST /api/notes. */
export const CreateNoteSchema = z.object({ serviceId: ServiceIdSchema, noteText: NoteTextSchema });
/** PATCH /api/notes/{id}. */
export const UpdateNoteSchema = z.object({ noteText: NoteTextSchema });

export const NoteSchema = z.object({
  id: z.uuid(),
  serviceId: z.string(),
  noteText: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Note = z.infer<typeof NoteSchema>;

/** GET /api/users/me/notes?serviceId=: this person's notes, newest first. */
export const NotesQuerySchema = z.object({ serviceId: ServiceIdSchema.optional() });
export const NotesResponseSchema = z.object({ notes: z.array(NoteSchema) });
export const NoteResponseSchema = z.object({ success: z.literal(true), note: NoteSchema });

/** Any string: an id that is not a UUID is a note that does not exist (404, never 400). */
export const NoteIdParamsSchema = z.object({ id: z.string() });
