import { createNote, deleteNote, listNotes, updateNote } from '@locals/contracts/routes/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromContract } from '../../http/contract-route';
import { requireUser, userOf } from '../auth';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { createNotesRepository } from './notes.repository';
import { refusal, refuse } from '../../capabilities/refusals';

export const NOTE_NOT_FOUND = 'We could not find that note. It may have been deleted.';
export const NOTE_WRITES_PER_MINUTE = 30;

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const noteNotFound = refusal('not_found', NOTE_NOT_FOUND);

/** Private notes: only their author ever reads, edits or deletes them (decision 005). */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const notes = createNotesRepository(app.database.db);
  const writeLimit = perPersonRateLimit(NOTE_WRITES_PER_MINUTE);

  app.route({
    ...(await fromContract(listNotes)),
    preHandler: requireUser,
    handler: async (request) => ({
      notes: await notes.list(userOf(request).id, request.query.serviceId),
    }),
  });

  app.route({
    ...(await fromContract(createNote)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const created = await notes.create(
        userOf(request).id,
        request.body,
        app.now(),
        request.headers['idempotency-key'],
      );
      if (!created) return refuse(reply, 404, refusal('not_found', SERVICE_NOT_FOUND));
      if (created.outcome === 'key_reused') return refuse(reply, 422, IDEMPOTENCY_KEY_REUSED);
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
        ? await notes.update(userOf(request).id, id, request.body.noteText, app.now())
        : null;
      if (!note) return refuse(reply, 404, noteNotFound);
      return { success: true as const, note };
    },
  });

  app.route({
    ...(await fromContract(deleteNote)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const { id } = request.params;
      const outcome = isUuid(id) && (await notes.delete(userOf(request).id, id, app.now()));
      if (!outcome) return refuse(reply, 404, noteNotFound);
      return { success: true as const };
    },
  });
};
