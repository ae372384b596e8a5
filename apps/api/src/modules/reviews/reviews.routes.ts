import { deleteReview, listReviews, saveReview } from '@locals/contracts/routes/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromContract } from '../../http/contract-route';
import { requireUser, userOf } from '../auth';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { createReviewsRepository } from './reviews.repository';
import { refusal, refuse } from '../../capabilities/refusals';

export const REVIEW_NOT_FOUND = 'We could not find that review. It may have been deleted.';
const REVIEWS_PER_MINUTE = 10;
const serviceNotFound = refusal('not_found', SERVICE_NOT_FOUND);

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = createReviewsRepository(app.database.db);

  app.route({
    ...(await fromContract(listReviews)),
    handler: async (request, reply) => {
      const page = await reviews.list(request.params.id, request.user?.id ?? null, request.query);
      if (!page) return refuse(reply, 404, serviceNotFound);
      return page;
    },
  });

  app.route({
    ...(await fromContract(saveReview)),
    preHandler: requireUser,
    config: perPersonRateLimit(REVIEWS_PER_MINUTE),
    handler: async (request, reply) => {
      const saved = await reviews.save(userOf(request).id, request.body, app.now());
      if (!saved) return refuse(reply, 404, serviceNotFound);
      return reply.code(saved.isNew ? 201 : 200).send({ success: true, review: saved.review });
    },
  });

  app.route({
    ...(await fromContract(deleteReview)),
    preHandler: requireUser,
    config: perPersonRateLimit(REVIEWS_PER_MINUTE),
    handler: async (request, reply) => {
      const { id } = request.params;
      const outcome = isUuid(id) && (await reviews.delete(userOf(request).id, id, app.now()));
      if (!outcome) return refuse(reply, 404, refusal('not_found', REVIEW_NOT_FOUND));
      return { success: true as const };
    },
  });
};
