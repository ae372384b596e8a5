import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../notes')),
  ...(await import('../engagement-common')),
});
const tags = ['notes'];

export const listNotes = defineRoute({
  method: 'GET',
  path: '/api/users/me/notes',
  load: async () => {
    const { NotesQuerySchema, NotesResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Your private notes, newest first: all of them, or about one service',
      query: NotesQuerySchema,
      responses: { 200: NotesResponseSchema },
      errors: [400, 401, 429, 500],
    };
  },
});

export const createNote = defineRoute({
  method: 'POST',
  path: '/api/notes',
  load: async () => {
    const { CreateNoteSchema, IdempotencyKeyHeadersSchema, NoteResponseSchema } = await schemas();
    return {
      tags,
      summary: 'Keep a private note about a service (a person may keep several per service)',
      description:
        'Send an Idempotency-Key (a UUID made once per note) to retry safely: a repeat answers the first note, with Idempotent-Replayed: true, and stores nothing new.',
      headers: IdempotencyKeyHeadersSchema,
      body: CreateNoteSchema,
      responses: { 201: NoteResponseSchema },
      errors: [400, 401, 403, 404, 413, 415, 422, 429, 500],
    };
  },
});

export const updateNote = defineRoute({
  method: 'PATCH',
  path: '/api/notes/:id',
  load: async () => {
    const { NoteIdParamsSchema, NoteResponseSchema, UpdateNoteSchema } = await schemas();
    return {
      tags,
      summary: "Edit your note's text (anyone else's answers 404, as if it did not exist)",
      params: NoteIdParamsSchema,
      body: UpdateNoteSchema,
      responses: { 200: NoteResponseSchema },
      errors: [400, 401, 403, 404, 413, 415, 429, 500],
    };
  },
});

export const deleteNote = defineRoute({
  method: 'DELETE',
  path: '/api/notes/:id',
  load: async () => {
    const { NoteIdParamsSchema, SuccessResponseSchema } = await schemas();
    return {
      tags,
      summary:
        "Delete your note; deleting it again also answers 200 (anyone else's answers 404, as if it did not exist)",
      params: NoteIdParamsSchema,
      responses: { 200: SuccessResponseSchema },
      errors: [400, 401, 403, 404, 429, 500],
    };
  },
});
