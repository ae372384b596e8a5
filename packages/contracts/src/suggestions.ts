import { z } from 'zod';
import { textField } from './text-field';
import { boundedText, ServiceIdSchema, TimestampSchema } from './engagement-common';
import { MAX_SUGGESTION_LENGTH } from './limits';

export const SUGGESTION_STATUSES = ['new', 'accepted', 'rejected'] as const;
export const SuggestionStatusSchema = z.enum(SUGGESTION_STATUSES);
export type SuggestionStatus = z.infer<typeof SuggestionStatusSchema>;

/**
 * Who reads a suggestion: the provider of a listing an organisation has claimed on Locals, else a
 * Locals moderator (decision 030: never an address copied from open data, which nobody there
 * watches).
 */
export const SUGGESTION_READERS = ['provider', 'moderators'] as const;
export const SuggestionReaderSchema = z.enum(SUGGESTION_READERS);
export type SuggestionReader = z.infer<typeof SuggestionReaderSchema>;

/** POST /api/suggestions. A `userId` in the body is ignored: the session decides (decision 005). */
export const CreateSuggestionSchema = z.object({
  serviceId: ServiceIdSchema,
  suggestionText: boundedText('Suggestion', MAX_SUGGESTION_LENGTH),
});

export const SuggestionSchema = z.object({
  id: z.uuid(),
  serviceId: z.string(),
  serviceName: z.string(),
  suggestionText: z.string(),
  status: SuggestionStatusSchema,
  readBy: SuggestionReaderSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestionResponseSchema = z.object({
  success: z.literal(true),
  suggestion: SuggestionSchema,
});
/** GET /api/users/me/suggestions: newest first. */
export const SuggestionsResponseSchema = z.object({ suggestions: z.array(SuggestionSchema) });

/**
 * The provider's side of the loop, from the links in their email. GET shows the suggestion
 * (a link preview must not change anything); POST records the decision.
 */
export const ProviderTokenSchema = textField('This link', 'This link is incomplete')
  .min(20, { error: 'This link is incomplete' })
  .max(200, { error: 'This link is incomplete' });
/** GET /api/suggestions/respond?token=: the link's token is the provider's only credential. */
export const ProviderTokenQuerySchema = z.object({ token: ProviderTokenSchema });
export const ProviderSuggestionSchema = z.object({
  serviceName: z.string(),
  suggestionText: z.string(),
  status: SuggestionStatusSchema,
  createdAt: TimestampSchema,
});
export const RespondToSuggestionSchema = z.object({
  token: ProviderTokenSchema,
  decision: z.enum(['accepted', 'rejected'], {
    error: "decision must be 'accepted' or 'rejected'",
  }),
});
