import {
  IdempotencyKeyHeadersSchema,
  SuccessResponseSchema,
} from '@locals/contracts/engagement-common';
import {
  CreateSuggestionSchema,
  ProviderSuggestionSchema,
  ProviderTokenSchema,
  RespondToSuggestionSchema,
  SuggestionResponseSchema,
  SuggestionsResponseSchema,
} from '@locals/contracts/suggestions';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency/idempotent-create';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { createSuggestionEmails } from './suggestion-emails';
import { createSuggestionsRepository } from './suggestions.repository';

export const LINK_NOT_VALID = 'This link is not valid or has expired.';
const SUGGESTIONS_PER_MINUTE = 5;
/** How often the running server looks for provider emails to try again. */
export const EMAIL_RETRY_INTERVAL_MS = 60 * 1000;
const linkNotValid = { code: 'not_found', message: LINK_NOT_VALID };

export const suggestionsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const suggestions = createSuggestionsRepository(app.database.db);
  const emails = createSuggestionEmails({
    db: app.database.db,
    mailer: app.mailer,
    config: app.config,
    now: () => app.now(),
    log: app.log,
  });
  retryUnsentEmails(app, () => emails.sendDue());

  app.post(
    '/api/suggestions',
    {
      preHandler: requireUser,
      config: perPersonRateLimit(SUGGESTIONS_PER_MINUTE),
      schema: {
        tags: ['suggestions'],
        summary:
          "Send an improvement suggestion to a service's provider, who is emailed a link to accept or reject it",
        description:
          'Send an Idempotency-Key (a UUID made once per suggestion) to retry safely: a repeat answers the first suggestion, with Idempotent-Replayed: true, and neither stores nor emails it again. An email that cannot be sent now is tried again later.',
        headers: IdempotencyKeyHeadersSchema,
        body: CreateSuggestionSchema,
        response: {
          201: SuggestionResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const created = await suggestions.create(
        request.user!.id,
        request.body,
        app.now(),
        request.headers['idempotency-key'],
      );
      if (!created) {
        return reply.code(404).send({ code: 'not_found', message: SERVICE_NOT_FOUND });
      }
      if (created.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
      const { suggestion, emailTry } = created.value;
      if (created.outcome === 'replayed') markReplayed(reply);
      // The suggestion is stored, so the answer is success either way: a failed email is
      // recorded and tried again later, never a reason for the person to send it twice.
      if (emailTry) await emails.send(emailTry);
      return reply.code(201).send({ success: true, suggestion });
    },
  );

  app.get(
    '/api/users/me/suggestions',
    {
      preHandler: requireUser,
      schema: {
        tags: ['suggestions'],
        summary: "The signed-in person's suggestions, newest first, with each provider's answer",
        response: { 200: SuggestionsResponseSchema, ...errorResponses(401, 429, 500) },
      },
    },
    async (request) => ({ suggestions: await suggestions.listMine(request.user!.id) }),
  );

  app.get(
    '/api/suggestions/respond',
    {
      schema: {
        tags: ['suggestions'],
        summary:
          'For the provider, from the emailed link (no sign-in: the token is the credential): the suggestion and its status. Changes nothing, so mail scanners opening the link cannot answer',
        querystring: z.object({ token: ProviderTokenSchema }),
        response: { 200: ProviderSuggestionSchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const found = await suggestions.findForProvider(request.query.token);
      if (!found) return reply.code(404).send(linkNotValid);
      // The page holds an unguessable link's content: keep it out of shared caches.
      void reply.header('cache-control', 'no-store');
      return found;
    },
  );

  app.post(
    '/api/suggestions/respond',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['suggestions'],
        summary:
          "For the provider: accept or reject a suggestion with the emailed link's token. The same decision again changes nothing; a different decision after the first answers 409, so the first answer stands",
        body: RespondToSuggestionSchema,
        response: {
          200: SuccessResponseSchema,
          ...errorResponses(400, 403, 404, 409, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const { token, decision } = request.body;
      const outcome = await suggestions.decide(token, decision, app.now());
      if (outcome === 'not_found') return reply.code(404).send(linkNotValid);
      if (outcome !== 'recorded') {
        return reply.code(409).send({
          code: 'already_answered',
          message: `This suggestion has already been ${outcome.alreadyAnswered}. The first answer stands.`,
        });
      }
      return { success: true as const };
    },
  );
  done();
};

/**
 * Provider emails that failed are tried again on a timer while the server runs, and once as it
 * starts (after a restart, some may be due). Closing waits for a round in progress, so the
 * database is never closed under it.
 */
function retryUnsentEmails(app: FastifyInstance, sendDue: () => Promise<number>) {
  let round: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const runRound = () => {
    round ??= sendDue()
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'suggestion email retry failed'))
      .finally(() => {
        round = null;
      });
    return round;
  };
  app.addHook('onReady', (done) => {
    void runRound();
    timer = setInterval(() => void runRound(), EMAIL_RETRY_INTERVAL_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await round;
  });
}
