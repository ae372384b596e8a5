import {
  claimListing,
  confirmListing,
  getMyListing,
  listMyListings,
  renewListingLink,
  showListingLink,
  updateMyListing,
} from '@locals/contracts/routes/providers';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusal, refuse } from '../../capabilities/refusals';
import { fromContract } from '../../http/contract-route';
import { requireUser, userOf } from '../auth';
import { IDEMPOTENCY_KEY_REUSED, markReplayed } from '../idempotency';
import { scheduleFreshnessNudges } from './freshness';
import {
  createProvidersService,
  LINK_NOT_FOUND,
  type Answer,
  type ProviderWrite,
} from './providers.service';

const RENEWAL_NOT_SENT = refusal(
  'email_not_sent',
  'We could not send the email with your new link. Please try again in a few minutes.',
);

function answer<T>(reply: FastifyReply, { status, body }: Answer<T>): FastifyReply {
  return status === 200 ? reply.send(body) : refuse(reply, status, body);
}

/**
 * Answers a write: its answer, or the one kept under its Idempotency-Key (marked replayed), or
 * 422 for a key reused on another request, or 503 when its email could not be sent.
 */
function answerWrite<T>(reply: FastifyReply, write: ProviderWrite<T>): FastifyReply {
  switch (write.outcome) {
    case 'key_reused':
      return refuse(reply, 422, IDEMPOTENCY_KEY_REUSED);
    case 'unsent':
      // The mail server is out of reach, not the request wrong: try again shortly.
      return refuse(reply, 503, RENEWAL_NOT_SENT, { 'retry-after': '60' });
    case 'replayed':
      return markReplayed(reply).code(write.answer.status).send(write.answer.body);
    case 'done':
      return answer(reply, write.answer);
  }
}

/**
 * Whoever runs a listing keeps it right (decision 024): their listings, claims, checks and new
 * links. The work is providers.service.ts's; these routes read the request and answer.
 */
export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = createProvidersService(app);
  scheduleFreshnessNudges(app);

  app.route({
    ...(await fromContract(listMyListings)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { listings: await providers.listingsOf(userOf(request)) };
    },
  });

  app.route({
    ...(await fromContract(getMyListing)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return answer(reply, await providers.listing(userOf(request), request.params.id));
    },
  });

  app.route({
    ...(await fromContract(updateMyListing)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      const write = await providers.update(userOf(request), {
        id: request.params.id,
        listing: request.body.listing,
        key: request.headers['idempotency-key'],
      });
      return answerWrite(reply, write);
    },
  });

  app.route({
    ...(await fromContract(claimListing)),
    preHandler: requireUser,
    handler: async (request, reply) => {
      const write = await providers.claim(userOf(request), {
        token: request.body.token,
        key: request.headers['idempotency-key'],
      });
      return answerWrite(reply, write);
    },
  });

  app.route({
    ...(await fromContract(showListingLink)),
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const link = await providers.link(request.query.token);
      return link ?? refuse(reply, 404, LINK_NOT_FOUND);
    },
  });

  app.route({
    ...(await fromContract(confirmListing)),
    handler: async (request, reply) => {
      const write = await providers.confirm({
        token: request.body.token,
        key: request.headers['idempotency-key'],
      });
      return answerWrite(reply, write);
    },
  });

  app.route({
    ...(await fromContract(renewListingLink)),
    // It sends email: each address gets a few a minute, as the other public forms do.
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const write = await providers.renew(
        { token: request.body.token, key: request.headers['idempotency-key'] },
        request.log,
      );
      return answerWrite(reply, write);
    },
  });
};
