import type { FastifyReply } from 'fastify';
import { serializeError } from '../../log-errors';
import {
  IDEMPOTENCY_KEY_REUSED,
  markReplayed,
  type IdempotentWrite,
  type WriteAnswer,
} from '../idempotency';
import type { UnplaceablePostcodeError } from '../listings';
import { deliverMail, type MailDelivery } from '../outgoing-mail';

/** A moderation write's error answer, kept under its Idempotency-Key like any other. */
export const refusal = (status: 404 | 409, message: string) => ({
  status,
  body: { code: status === 404 ? 'not_found' : 'conflict', message },
});

/** The email a write queued in its transaction (decision 026), and what sending it needs. */
type QueuedMail = { id: number | null; delivery: MailDelivery };

/**
 * Answers an idempotent write: its first answer, or the stored one marked as replayed, or 422
 * for a key reused on another request. Only the write that did the work sends the email it
 * queued, once, right after its transaction committed; one the mail server refuses stays queued
 * and the timer tries it again, so the decision stands and its email is not lost.
 */
export async function sendWrite(
  reply: FastifyReply,
  write: IdempotentWrite<WriteAnswer>,
  mail?: QueuedMail,
): Promise<FastifyReply> {
  if (write.outcome === 'key_reused') return reply.code(422).send(IDEMPOTENCY_KEY_REUSED);
  if (write.outcome === 'replayed') {
    markReplayed(reply);
  } else if (mail?.id != null) {
    try {
      await deliverMail(mail.delivery, mail.id);
    } catch (error) {
      // The write committed and its email is queued: the timer sends it, so the answer stands.
      mail.delivery.log.error(
        { err: serializeError(error), outgoingMailId: mail.id },
        'could not send a queued email at once; the timer tries again',
      );
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
