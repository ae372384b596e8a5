import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusal, refuse } from '../../capabilities/refusals';
import { userOf } from '../auth';
import {
  IDEMPOTENCY_KEY_REUSED,
  markReplayed,
  type IdempotentWrite,
  type WriteAnswer,
} from '../idempotency';
import { UnplaceablePostcodeError } from '../listings';
import type { Asker } from './moderator-write';

/** A request to a route behind requireModerator whose contract reads the Idempotency-Key. */
type WriteRequest = FastifyRequest & { headers: { 'idempotency-key'?: string } };

/**
 * Does a moderator's write and answers it: its first answer, or the stored one marked as
 * replayed, or 422 for a key reused on another request. A listing's postcode Locals cannot place
 * is a 400 naming the field, as validation would; the write stored nothing, so a retry with the
 * same key can succeed.
 */
export async function answerWrite(
  request: WriteRequest,
  reply: FastifyReply,
  writeAs: (asker: Asker) => Promise<IdempotentWrite<WriteAnswer>>,
): Promise<FastifyReply> {
  const asker = {
    moderator: userOf(request),
    key: request.headers['idempotency-key'],
    log: request.log,
  };
  let write: IdempotentWrite<WriteAnswer>;
  try {
    write = await writeAs(asker);
  } catch (error) {
    if (!(error instanceof UnplaceablePostcodeError)) throw error;
    return refuse(reply, 400, {
      ...refusal('validation_error', error.message),
      fieldErrors: { 'listing.postcode': [error.message] },
    });
  }
  if (write.outcome === 'key_reused') return refuse(reply, 422, IDEMPOTENCY_KEY_REUSED);
  if (write.outcome === 'replayed') markReplayed(reply);
  // An answer kept under an Idempotency-Key, refusals included, is sent as it was kept.
  return reply.code(write.answer.status).send(write.answer.body);
}
