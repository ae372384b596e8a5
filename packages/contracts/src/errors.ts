import { z } from 'zod';

/**
 * Every `code` the API refuses with, so a client can react to a refusal without reading its
 * words, and a typo on either side fails to compile. The server sends them only through its
 * refusal helper (apps/api/src/capabilities/refusals.ts).
 */
export const ERROR_CODES = [
  // 400: the request itself needs changing.
  'bad_request',
  'bad_url',
  'invalid_json',
  'validation_error',
  'invalid_postcode',
  'location_required',
  'interaction_expired',
  'invalid_token',
  // 401 and 403: who is asking.
  'unauthenticated',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'csrf_check_failed',
  // 404 and 410: what was asked for is not there (any more).
  'not_found',
  'postcode_not_found',
  'gone',
  // 409 and 422: the request clashes with what is already stored.
  'conflict',
  'already_answered',
  'managed_by_issuer',
  'idempotency_key_reused',
  // 413-415: the request's size or form.
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  // 429: asked too often.
  'rate_limited',
  // 5xx: our side; the message never carries internal detail.
  'internal_error',
  'service_unavailable',
  'email_not_sent',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every 4xx and 5xx body the API sends. 5xx messages never carry internal detail. */
export const ApiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
