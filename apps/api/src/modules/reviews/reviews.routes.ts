import { SuccessResponseSchema } from '@locals/contracts/engagement-common';
import {
  CreateReviewSchema,
  ReviewResponseSchema,
  ReviewsQuerySchema,
  ReviewsResponseSchema,
} from '@locals/contracts/reviews';
import { ServiceIdParamsSchema } from '@locals/contracts/search';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { perPersonRateLimit } from '../../plugins/person-rate-limit';
import { SERVICE_NOT_FOUND } from '@locals/contracts/messages';
import { createReviewsRepository } from './reviews.repository';

export const REVIEW_NOT_FOUND = 'We could not find that review. It may have been deleted.';
const REVIEWS_PER_MINUTE = 10;
const serviceNotFound = { code: 'not_found', message: SERVICE_NOT_FOUND };

// Any string: an id that is not a uuid is simply a review that does not exist (404).
const ReviewIdParamsSchema = z.object({ id: z.string().max(200) });
const isUuid = (value: string) => z.uuid().safeParse(value).success;

export const reviewsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const reviews = createReviewsRepository(app.database.db);

  app.get(
    '/api/services/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A service's reviews, newest first, with the average, the spread of ratings and the signed-in person's own review",
        params: ServiceIdParamsSchema,
        querystring: ReviewsQuerySchema,
        response: { 200: ReviewsResponseSchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const page = await reviews.list(request.params.id, request.user?.id ?? null, request.query);
      if (!page) return reply.code(404).send(serviceNotFound);
      return page;
    },
  );

  app.post(
    '/api/reviews',
    {
      preHandler: requireUser,
      config: perPersonRateLimit(REVIEWS_PER_MINUTE),
      schema: {
        tags: ['reviews'],
        summary:
          'Review a service (201); posting again edits your review of it (200): one review per person per service',
        body: CreateReviewSchema,
        response: {
          200: ReviewResponseSchema,
          201: ReviewResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const saved = await reviews.save(request.user!.id, request.body, app.now());
      if (!saved) return reply.code(404).send(serviceNotFound);
      return reply.code(saved.isNew ? 201 : 200).send({ success: true, review: saved.review });
    },
  );

  app.delete(
    '/api/reviews/:id',
    {
      preHandler: requireUser,
      config: perPersonRateLimit(REVIEWS_PER_MINUTE),
      schema: {
        tags: ['reviews'],
        summary:
          "Delete your own review; deleting it again also answers 200 (anyone else's answers 404, as if it did not exist)",
        params: ReviewIdParamsSchema,
        response: { 200: SuccessResponseSchema, ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = isUuid(id) && (await reviews.delete(request.user!.id, id, app.now()));
      if (!outcome) return reply.code(404).send({ code: 'not_found', message: REVIEW_NOT_FOUND });
      return { success: true as const };
    },
  );
  done();
};
