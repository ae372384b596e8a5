import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../suggestions')),
  ...(await import('../engagement-common')),
});
const tags = ['suggestions'];

export const createSuggestion = defineRoute({
  method: 'POST',
  path: '/api/suggestions',
  load: async () => {
    const { CreateSuggestionSchema, IdempotencyKeyHeadersSchema, SuggestionResponseSchema } =
      await schemas();
    return {
      tags,
      summary:
        "Send an improvement suggestion about a service. A listing claimed on Locals: its provider is emailed a link to accept or reject it. Otherwise it goes to the moderators' queue at once and nobody is emailed (readBy says which)",
      description:
        'Send an Idempotency-Key (a UUID made once per suggestion) to retry safely: a repeat answers the first suggestion, with Idempotent-Replayed: true, and neither stores nor emails it again. An email that cannot be sent now is tried again later.',
      headers: IdempotencyKeyHeadersSchema,
      body: CreateSuggestionSchema,
      responses: { 201: SuggestionResponseSchema },
      errors: [400, 401, 403, 404, 413, 415, 422, 429, 500],
    };
  },
});

export const listMySuggestions = defineRoute({
  method: 'GET',
  path: '/api/users/me/suggestions',
  load: async () => {
    const { SuggestionsResponseSchema } = await schemas();
    return {
      tags,
      summary: "The signed-in person's suggestions, newest first, with each provider's answer",
      responses: { 200: SuggestionsResponseSchema },
      errors: [401, 429, 500],
    };
  },
});

export const showSuggestionToProvider = defineRoute({
  method: 'GET',
  path: '/api/suggestions/respond',
  load: async () => {
    const { ProviderSuggestionSchema, ProviderTokenQuerySchema } = await schemas();
    return {
      tags,
      summary:
        'For the provider, from the emailed link (no sign-in: the token is the credential): the suggestion and its status. Changes nothing, so mail scanners opening the link cannot answer',
      query: ProviderTokenQuerySchema,
      responses: { 200: ProviderSuggestionSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const respondToSuggestion = defineRoute({
  method: 'POST',
  path: '/api/suggestions/respond',
  load: async () => {
    const { RespondToSuggestionSchema, SuccessResponseSchema } = await schemas();
    return {
      tags,
      summary:
        "For the provider: accept or reject a suggestion with the emailed link's token. The same decision again changes nothing; a different decision after the first answers 409, so the first answer stands",
      body: RespondToSuggestionSchema,
      responses: { 200: SuccessResponseSchema },
      errors: [400, 403, 404, 409, 413, 415, 429, 500],
    };
  },
});
