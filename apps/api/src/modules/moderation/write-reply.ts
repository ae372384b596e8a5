import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
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

/**
 * Replies holding a listing's fields (a suggestion's listing, a provider's edit) are checked by
 * parsing them with their schema, where the app's serializer encodes: the postcode's formatting
 * is a one-way transform, which zod refuses to encode, while parsing a postcode already
 * formatted gives it back unchanged. The fields are those of the form, so a listing imported
 * with a value the form would refuse (a phone number with an extension) still fails them: that
 * is logged and the reply sent as stored, so one such listing never blanks a moderator's queue,
 * and the moderator sees the value to correct.
 */
export const listingFieldsSerializer =
  (log: FastifyBaseLogger) =>
  ({ schema, url }: { schema: unknown; url: string }) =>
  (data: unknown): string => {
    const result = (schema as ZodType).safeParse(data);
    if (result.success) return JSON.stringify(result.data);
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    log.warn({ url, issues }, 'a reply holds listing fields the form would refuse; sent as stored');
    return JSON.stringify(data);
  };
