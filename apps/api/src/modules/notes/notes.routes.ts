import { createNote, deleteNote, listNotes, updateNote } from '@locals/contracts/routes/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromContract } from '../../http/contract-route';
import { requireUser } from '../auth';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { createNotesRepository } from './notes.repository';

export const NOTE_NOT_FOUND = 'We could not find that note. It may have been deleted.';
export const NOTE_WRITES_PER_MINUTE = 30;

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const noteNotFound = { code: 'not_found', message: NOTE_NOT_FOUND };

/** Private notes: only their author ever reads, edits or deletes them (spec 3). */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const notes = createNotesRepository(app.database.db);
  const writeLimit = perPersonRateLimit(NOTE_WRITES_PER_MINUTE);

  app.route({
    ...(await fromContract(listNotes)),
    preHandler: requireUser,
    handler: async (request) => ({
      notes: await notes.list(request.user!.id, request.query.serviceId),
    }),
  });

  app.route({
    ...(await fromContract(createNote)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
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
  });

  app.route({
    ...(await fromContract(updateNote)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const { id } = request.params;
      const note = isUuid(id)
        ? await notes.update(request.user!.id, id, request.body.noteText, app.now())
        : null;
      if (!note) return reply.code(404).send(noteNotFound);
      return { success: true as const, note };
    },
  });

  app.route({
    ...(await fromContract(deleteNote)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const { id } = request.params;
      const outcome = isUuid(id) && (await notes.delete(request.user!.id, id, app.now()));
      if (!outcome) return reply.code(404).send(noteNotFound);
      return { success: true as const };
    },
  });
};
