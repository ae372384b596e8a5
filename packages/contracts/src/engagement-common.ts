import { z } from 'zod';
import { textField } from './text-field';

/** Every write about a service names it by the id search and detail return. */
export const ServiceIdSchema = textField('serviceId')
  .trim()
  .min(1, { error: 'serviceId is required' })
  .max(200, { error: 'serviceId must be 200 characters or fewer' });

/** Spec 5: a write counts as done only when the answer says so. */
export const SuccessResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

/** Trimmed free text with a length cap; the messages name the field as the person saw it. */
export const boundedText = (label: string, max: number) =>
  textField(label)
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be ${max.toLocaleString('en-GB')} characters or fewer` });

/** ISO 8601 timestamps on the wire. */
export const TimestampSchema = z.iso.datetime({ offset: true });

/**
 * Creates that are not idempotent by nature (a note, a suggestion, an application) accept an
 * Idempotency-Key header: a UUID the client makes once per submission and sends again with every
 * retry, so a retry after a lost answer gets the first answer instead of making a second row.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IdempotencyKeySchema = z.uuid({
  error: 'Idempotency-Key must be a UUID, made once for each submission and sent again on retries',
});
/** Loose: Fastify replaces the request's headers with the parsed object, so keep the others. */
export const IdempotencyKeyHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.optional(),
});
