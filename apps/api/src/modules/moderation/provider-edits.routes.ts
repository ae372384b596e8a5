import { listProviderEdits, revertProviderEdit } from '@locals/contracts/routes/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { requireModerator } from '../auth';
import { moderatorRead } from './moderator-read';
import { createProviderEdits } from './provider-edits.service';
import { answerWrite } from './write-reply';

/** Moderators review what providers changed in their listings, and undo what should not stand. */
export const providerEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const edits = createProviderEdits(app);

  app.route({
    ...(await fromContract(listProviderEdits)),
    preHandler: moderatorRead,
    handler: async () => ({ edits: await edits.recent() }),
  });

  app.route({
    ...(await fromContract(revertProviderEdit)),
    preHandler: requireModerator,
    handler: async (request, reply) =>
      answerWrite(request, reply, (asker) => edits.revert(asker, request.params.id)),
  });
};
