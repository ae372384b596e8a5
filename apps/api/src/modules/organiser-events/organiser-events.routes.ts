import {
  cancelMyEvent,
  cancelMyEventDate,
  deleteMyEvent,
  editMyEvent,
  getMyEvent,
  listMyEvents,
  submitEvent,
} from '@locals/contracts/routes/organiser-events';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuse } from '../../capabilities/refusals';
import { fromContract } from '../../http/contract-route';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { requireUser, userOf } from '../auth';
import { markReplayed } from '../idempotency';
import { createOrganiserEvents, type Answer } from './organiser-events.service';

/** Changes a person may make to their events a minute: far more than a form needs. */
const WRITES_PER_MINUTE = 20;

function send<T>(reply: FastifyReply, answer: Answer<T>): FastifyReply {
  if (!answer.ok) return refuse(reply, answer.status, answer.body, answer.headers);
  if (answer.replayed) markReplayed(reply);
  return reply.code(answer.status).send(answer.body);
}

/**
 * Organisers' own events (decision 038): submit one, My events, change, cancel a date or the
 * whole series, delete. Signed-in people only; the work is organiser-events.service.ts's.
 */
export const organiserEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const organiserEvents = createOrganiserEvents(app);
  const writeLimit = perPersonRateLimit(WRITES_PER_MINUTE);

  app.route({
    ...(await fromContract(submitEvent)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const limited = await organiserEvents.tooManyFromAddress(request);
      if (limited) return send(reply, limited);
      const answer = await organiserEvents.submit(
        userOf(request),
        request.body,
        request.headers['idempotency-key'],
        request.log,
      );
      return send(reply, answer);
    },
  });

  app.route({
    ...(await fromContract(listMyEvents)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await organiserEvents.list(userOf(request)) };
    },
  });

  app.route({
    ...(await fromContract(getMyEvent)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return send(reply, await organiserEvents.get(userOf(request), request.params.id));
    },
  });

  app.route({
    ...(await fromContract(editMyEvent)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const person = userOf(request);
      const id = request.params.id;
      return send(reply, await organiserEvents.edit(person, id, request.body, request.log));
    },
  });

  app.route({
    ...(await fromContract(cancelMyEventDate)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) => {
      const { id } = request.params;
      const answer = await organiserEvents.cancelDate(userOf(request), id, request.body.date);
      return send(reply, answer);
    },
  });

  app.route({
    ...(await fromContract(cancelMyEvent)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) =>
      send(reply, await organiserEvents.cancelSeries(userOf(request), request.params.id)),
  });

  app.route({
    ...(await fromContract(deleteMyEvent)),
    preHandler: requireUser,
    config: writeLimit,
    handler: async (request, reply) =>
      send(reply, await organiserEvents.remove(userOf(request), request.params.id)),
  });
};
