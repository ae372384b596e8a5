import {
  createSuggestion,
  listMySuggestions,
  respondToSuggestion,
  showSuggestionToProvider,
} from '@locals/contracts/routes/suggestions';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../../http/contract-route';
import { requireUser, userOf } from '../auth';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { createSuggestionEmails } from './suggestion-emails';
import { createSuggestionsRepository } from './suggestions.repository';
import { refusal, refuse } from '../../capabilities/refusals';

export const LINK_NOT_VALID = 'This link is not valid or has expired.';
const SUGGESTIONS_PER_MINUTE = 5;
/** How often the running server looks for provider emails to try again. */
export const EMAIL_RETRY_INTERVAL_MS = 60 * 1000;
const linkNotValid = refusal('not_found', LINK_NOT_VALID);

export const suggestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const suggestions = createSuggestionsRepository(app.database.db);
  const emails = createSuggestionEmails({
    db: app.database.db,
    mailer: app.mailer,
    config: app.config,
    now: () => app.now(),
    log: app.log,
  });
  retryUnsentEmails(app, () => emails.sendDue());

  app.route({
    ...(await fromContract(createSuggestion)),
    preHandler: requireUser,
    config: perPersonRateLimit(SUGGESTIONS_PER_MINUTE),
    handler: async (request, reply) => {
      const created = await suggestions.create(
        userOf(request).id,
        request.body,
        app.now(),
        request.headers['idempotency-key'],
      );
      if (!created) {
        return refuse(reply, 404, refusal('not_found', SERVICE_NOT_FOUND));
      }
      if (created.outcome === 'key_reused') return refuse(reply, 422, IDEMPOTENCY_KEY_REUSED);
      const { suggestion, emailTry } = created.value;
      if (created.outcome === 'replayed') markReplayed(reply);
      // The suggestion is stored, so the answer is success either way: a failed email is
      // recorded and tried again later, never a reason for the person to send it twice.
      if (emailTry) await emails.send(emailTry);
      return reply.code(201).send({ success: true, suggestion });
    },
  });

  app.route({
    ...(await fromContract(listMySuggestions)),
    preHandler: requireUser,
    handler: async (request) => ({ suggestions: await suggestions.listMine(userOf(request).id) }),
  });

  app.route({
    ...(await fromContract(showSuggestionToProvider)),
    handler: async (request, reply) => {
      const found = await suggestions.findForProvider(request.query.token);
      if (!found) return refuse(reply, 404, linkNotValid);
      // The page holds an unguessable link's content: keep it out of shared caches.
      void reply.header('cache-control', 'no-store');
      return found;
    },
  });

  app.route({
    ...(await fromContract(respondToSuggestion)),
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { token, decision } = request.body;
      const outcome = await suggestions.decide(token, decision, app.now());
      if (outcome === 'not_found') return refuse(reply, 404, linkNotValid);
      if (outcome !== 'recorded') {
        return refuse(reply, 409, {
          code: 'already_answered',
          message: `This suggestion has already been ${outcome.alreadyAnswered}. The first answer stands.`,
        });
      }
      return { success: true as const };
    },
  });
};

/**
 * Provider emails that failed are tried again on the app's scheduler while the server runs, and
 * once as it starts (after a restart, some may be due). Closing waits for a round in progress,
 * so the database is never closed under it.
 */
function retryUnsentEmails(app: FastifyInstance, sendDue: () => Promise<number>) {
  app.scheduler.every({
    name: 'suggestion-emails',
    everyMs: EMAIL_RETRY_INTERVAL_MS,
    firstAfterMs: 0,
    run: async () => {
      try {
        await sendDue();
      } catch (error) {
        app.log.error({ err: error }, 'suggestion email retry failed');
      }
    },
  });
}
