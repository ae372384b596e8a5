import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Replies holding a listing's fields are checked by parsing them with their schema where the
 * app's serializer encodes: the postcode's formatting is a one-way transform, which zod refuses
 * to encode, while parsing a postcode already formatted gives it back unchanged. A listing
 * holding a value its form would refuse (imported data) is logged and sent as stored, so its
 * provider can open it and correct the value. (Moderation has the same serializer; the module
 * boundaries keep the two apart.)
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
