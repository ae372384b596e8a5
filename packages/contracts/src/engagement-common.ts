import { z } from 'zod';
import { limitedText } from './text-field';

/** Service ids are at most this long, in links, bodies and the importer alike. */
export const MAX_SERVICE_ID_LENGTH = 200;

/** Every write about a service names it by the id search and detail return. */
export const ServiceIdSchema = limitedText({ label: 'serviceId', max: MAX_SERVICE_ID_LENGTH });

/** A write counts as done only when the answer says so. */
export const SuccessResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

/** Free text a person writes in a text area: trimmed, capped, line breaks kept. */
export const boundedText = (label: string, max: number) =>
  limitedText({ label, max, multiline: true });

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
