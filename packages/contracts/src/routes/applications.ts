import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../list-service')),
  ...(await import('../engagement-common')),
});

export const applyToListService = defineRoute({
  method: 'POST',
  path: '/api/service-providers/apply',
  load: async () => {
    const { ApplicationReceivedSchema, IdempotencyKeyHeadersSchema, ProviderApplicationSchema } =
      await schemas();
    return {
      tags: ['service providers'],
      summary: 'Apply to have a service listed',
      description:
        'Send an Idempotency-Key (a UUID made once per application) to retry safely: a repeat with the same email answers the first application, with Idempotent-Replayed: true, and neither stores nor emails it again.',
      headers: IdempotencyKeyHeadersSchema,
      body: ProviderApplicationSchema,
      responses: { 201: ApplicationReceivedSchema },
      errors: [400, 403, 413, 415, 422, 429, 500],
    };
  },
});
