import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../organiser-events')),
  ...(await import('../events')),
  ...(await import('../engagement-common')),
});
const tags = ['organisers'];
const SIGNED_IN = 'Signed-in people only; the organiser is the person signed in.';

export const submitEvent = defineRoute({
  method: 'POST',
  path: '/api/my/events',
  load: async () => {
    const { EventSubmissionSchema, IdempotencyKeyHeadersSchema, SubmittedEventResponseSchema } =
      await schemas();
    return {
      tags,
      summary:
        'Submit an event: it waits for a moderator, or is published at once at a verified listing its organiser manages',
      description: `${SIGNED_IN} The postcode places the event. The same title at the same venue on the same day as an event already listed answers 409 with a link to it. At most 10 a day per person and 20 a day per address. Send an Idempotency-Key (a UUID made once per submission) to retry safely.`,
      headers: IdempotencyKeyHeadersSchema,
      body: EventSubmissionSchema,
      responses: { 201: SubmittedEventResponseSchema },
      errors: [400, 401, 403, 404, 409, 413, 415, 422, 429, 500],
    };
  },
});

export const listMyEvents = defineRoute({
  method: 'GET',
  path: '/api/my/events',
  load: async () => {
    const { MyEventsResponseSchema } = await schemas();
    return {
      tags,
      summary: 'The events the signed-in person submitted, newest first, with where each stands',
      description: SIGNED_IN,
      responses: { 200: MyEventsResponseSchema },
      errors: [401, 429, 500],
    };
  },
});

export const getMyEvent = defineRoute({
  method: 'GET',
  path: '/api/my/events/:id',
  load: async () => {
    const { EventIdParamsSchema, SubmittedEventResponseSchema } = await schemas();
    return {
      tags,
      summary: 'One event the signed-in person submitted',
      description: `${SIGNED_IN} Another person's event answers 404.`,
      params: EventIdParamsSchema,
      responses: { 200: SubmittedEventResponseSchema },
      errors: [400, 401, 404, 429, 500],
    };
  },
});

export const editMyEvent = defineRoute({
  method: 'PUT',
  path: '/api/my/events/:id',
  load: async () => {
    const { EventIdParamsSchema, EventSubmissionSchema, SubmittedEventResponseSchema } =
      await schemas();
    return {
      tags,
      summary:
        'Change an event: live at once for an organiser who manages its verified listing, otherwise back to moderation',
      description: `${SIGNED_IN} A series already cancelled cannot be changed (409).`,
      params: EventIdParamsSchema,
      body: EventSubmissionSchema,
      responses: { 200: SubmittedEventResponseSchema },
      errors: [400, 401, 404, 409, 413, 415, 429, 500],
    };
  },
});

export const cancelMyEventDate = defineRoute({
  method: 'POST',
  path: '/api/my/events/:id/cancelled-dates',
  load: async () => {
    const { CancelEventDateSchema, EventIdParamsSchema, SubmittedEventResponseSchema } =
      await schemas();
    return {
      tags,
      summary:
        'Cancel one date of a published event; it shows as cancelled on /events and in calendar feeds',
      description: `${SIGNED_IN} The date must be one of the event's dates still to come (404 otherwise). Cancelling it again changes nothing.`,
      params: EventIdParamsSchema,
      body: CancelEventDateSchema,
      responses: { 200: SubmittedEventResponseSchema },
      errors: [400, 401, 404, 409, 413, 415, 429, 500],
    };
  },
});

export const cancelMyEvent = defineRoute({
  method: 'POST',
  path: '/api/my/events/:id/cancel',
  load: async () => {
    const { EventIdParamsSchema, SubmittedEventResponseSchema } = await schemas();
    return {
      tags,
      summary:
        'Cancel the whole event: every date to come shows as cancelled, and saved copies say so',
      description: `${SIGNED_IN} Cancelling it again changes nothing.`,
      params: EventIdParamsSchema,
      responses: { 200: SubmittedEventResponseSchema },
      errors: [400, 401, 404, 429, 500],
    };
  },
});

export const deleteMyEvent = defineRoute({
  method: 'DELETE',
  path: '/api/my/events/:id',
  load: async () => {
    const { EventIdParamsSchema, SuccessResponseSchema } = await schemas();
    return {
      tags,
      summary:
        'Delete an event that was never published; a published one is cancelled instead (409 says so)',
      description: SIGNED_IN,
      params: EventIdParamsSchema,
      responses: { 200: SuccessResponseSchema },
      errors: [400, 401, 404, 409, 429, 500],
    };
  },
});

export const listPendingEvents = defineRoute({
  method: 'GET',
  path: '/api/moderation/events',
  load: async () => {
    const { PendingEventsResponseSchema } = await schemas();
    return {
      tags: ['moderation'],
      summary: 'Events waiting for a moderator, oldest first',
      description: 'Moderators only.',
      responses: { 200: PendingEventsResponseSchema },
      errors: [401, 403, 429, 500],
    };
  },
});

export const publishEvent = defineRoute({
  method: 'POST',
  path: '/api/moderation/events/:id/publish',
  load: async () => {
    const { EventIdParamsSchema, IdempotencyKeyHeadersSchema, SubmittedEventResponseSchema } =
      await schemas();
    return {
      tags: ['moderation'],
      summary: 'Publish a waiting event: its dates go on /events and its organiser is emailed',
      description:
        'Moderators only. An event already decided answers 409. Audited. Send an Idempotency-Key to retry safely.',
      params: EventIdParamsSchema,
      headers: IdempotencyKeyHeadersSchema,
      responses: { 200: SubmittedEventResponseSchema },
      errors: [400, 401, 403, 404, 409, 422, 429, 500],
    };
  },
});

export const refuseEvent = defineRoute({
  method: 'POST',
  path: '/api/moderation/events/:id/refuse',
  load: async () => {
    const {
      EventIdParamsSchema,
      IdempotencyKeyHeadersSchema,
      RefuseEventSchema,
      SubmittedEventResponseSchema,
    } = await schemas();
    return {
      tags: ['moderation'],
      summary: 'Refuse a waiting event with a reason, which is emailed to its organiser',
      description:
        'Moderators only. An event already decided answers 409. Audited. Send an Idempotency-Key to retry safely.',
      params: EventIdParamsSchema,
      headers: IdempotencyKeyHeadersSchema,
      body: RefuseEventSchema,
      responses: { 200: SubmittedEventResponseSchema },
      errors: [400, 401, 403, 404, 409, 413, 415, 422, 429, 500],
    };
  },
});
