import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Mailer, MailMessage } from '../../lib/mailer';
import {
  IDEMPOTENCY_KEY_REUSED,
  markReplayed,
  type IdempotentWrite,
  type WriteAnswer,
} from '../idempotency';
import type { UnplaceablePostcodeError } from '../listings';

/** A moderation write's error answer, kept under its Idempotency-Key like any other. */
export const refusal = (status: 404 | 409, message: string) => ({
  status,
  body: { code: status === 404 ? 'not_found' : 'conflict', message },
});

/**
 * Answers an idempotent write: its first answer, or the stored one marked as replayed, or 422
 * for a key reused on another request. Only the write that did the work sends its email, after
 * its transaction committed; a failed email is logged, never failing a decision already made.
 */
export async function sendWrite(
  reply: FastifyReply,
  write: IdempotentWrite<WriteAnswer>,
  { mail, mailer, log }: { mail: MailMessage | null; mailer: Mailer; log: FastifyBaseLogger },
): Promise<FastifyReply> {
  if (write.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
  if (write.outcome === 'replayed') {
    markReplayed(reply);
  } else if (mail) {
    try {
      await mailer.send(mail);
    } catch (error) {
      log.error({ err: error, subject: mail.subject }, 'could not send a moderation email');
    }
  }
  return reply.code(write.answer.status).send(write.answer.body);
}

/** A listing's postcode Locals cannot place: a 400 naming the field, as validation would. */
export function unplaceable(reply: FastifyReply, error: UnplaceablePostcodeError): FastifyReply {
  return reply.code(400).send({
    code: 'validation_error',
    message: error.message,
    fieldErrors: { 'listing.postcode': [error.message] },
  });
}
