import type { FastifyReply } from 'fastify';

/**
 * What a create with an optional Idempotency-Key did: made the row, found the one an earlier
 * request with the same key made (the client is retrying), or found that key on a different
 * request (a client bug: answering the first result would silently lose this one).
 */
export type IdempotentCreate<T> =
  { outcome: 'created'; value: T } | { outcome: 'replayed'; value: T } | { outcome: 'key_reused' };

/** 422, as the IETF Idempotency-Key draft says for a key sent again with another payload. */
export const IDEMPOTENCY_KEY_REUSED = {
  code: 'idempotency_key_reused',
  message:
    'This Idempotency-Key was already used for a different request. Make a new key for each new submission.',
} as const;

/** A repeated request gets the first answer, marked so a client can tell (as Stripe does). */
export function markReplayed(reply: FastifyReply): FastifyReply {
  return reply.header('idempotent-replayed', 'true');
}

/** Picks the outcome for a key that was already stored: the same request, or another one. */
export function replayOf<T>(first: T, isSameRequest: boolean): IdempotentCreate<T> {
  return isSameRequest ? { outcome: 'replayed', value: first } : { outcome: 'key_reused' };
}
