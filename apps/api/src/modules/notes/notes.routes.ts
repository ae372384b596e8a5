import {
  IdempotencyKeyHeadersSchema,
  SuccessResponseSchema,
} from '@locals/contracts/engagement-common';
import {
  CreateNoteSchema,
  NoteResponseSchema,
  NotesQuerySchema,
  NotesResponseSchema,
  UpdateNoteSchema,
} from '@locals/contracts/notes';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency/idempotent-create';
import { SERVICE_NOT_FOUND } from '../services/services.routes';
import { createNotesRepository } from './notes.repository';

export const NOTE_NOT_FOUND = 'We could not find that note. It may have been deleted.';
export const NOTE_WRITES_PER_MINUTE = 30;

// Any string: an id that is not a uuid is simply a note that does not exist (404, never 400 or 500).
const NoteIdParamsSchema = z.object({ id: z.string() });
const isUuid = (value: string) => z.uuid().safeParse(value).success;
const noteNotFound = { code: 'not_found', message: NOTE_NOT_FOUND };

/** Private notes: only their author ever reads, edits or deletes them (spec 3). */
export const notesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const notes = createNotesRepository(app.database.db);
  const writeLimit = perPersonRateLimit(NOTE_WRITES_PER_MINUTE);

  app.get(
    '/api/users/me/notes',
    {
      preHandler: requireUser,
      schema: {
        tags: ['notes'],
        summary: 'Your private notes, newest first: all of them, or about one service',
        querystring: NotesQuerySchema,
        response: { 200: NotesResponseSchema, ...errorResponses(400, 401, 429, 500) },
      },
    },
    async (request) => ({ notes: await notes.list(request.user!.id, request.query.serviceId) }),
  );

  app.post(
    '/api/notes',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['notes'],
        summary: 'Keep a private note about a service (a person may keep several per service)',
        description:
          'Send an Idempotency-Key (a UUID made once per note) to retry safely: a repeat answers the first note, with Idempotent-Replayed: true, and stores nothing new.',
        headers: IdempotencyKeyHeadersSchema,
        body: CreateNoteSchema,
        response: {
          201: NoteResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const created = await notes.create(
        request.user!.id,
        request.body,
        app.now(),
        request.headers['idempotency-key'],
      );
      if (!created) return reply.code(404).send({ code: 'not_found', message: SERVICE_NOT_FOUND });
      if (created.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
      if (created.outcome === 'replayed') markReplayed(reply);
      return reply.code(201).send({ success: true, note: created.value });
    },
  );

  app.patch(
    '/api/notes/:id',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['notes'],
        summary: "Edit your note's text (anyone else's answers 404, as if it did not exist)",
        params: NoteIdParamsSchema,
        body: UpdateNoteSchema,
        response: {
          200: NoteResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const note = isUuid(id)
        ? await notes.update(request.user!.id, id, request.body.noteText, app.now())
        : null;
      if (!note) return reply.code(404).send(noteNotFound);
      return { success: true as const, note };
    },
  );

  app.delete(
    '/api/notes/:id',
    {
      preHandler: requireUser,
      config: writeLimit,
      schema: {
        tags: ['notes'],
        summary:
          "Delete your note; deleting it again also answers 200 (anyone else's answers 404, as if it did not exist)",
        params: NoteIdParamsSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = isUuid(id) && (await notes.delete(request.user!.id, id, app.now()));
      if (!outcome) return reply.code(404).send(noteNotFound);
      return { success: true as const };
    },
  );
  done();
};
