import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { requireModerator } from '../auth';

/** Moderators' views name people and change by the minute: no cache keeps them. */
function noStore(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  void reply.header('cache-control', 'no-store');
  done();
}

/** The preHandler of a moderators' view: moderators only, and never cached. */
export const moderatorRead = [requireModerator, noStore];
