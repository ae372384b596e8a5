import { z } from 'zod';
import { textField } from './text-field';

export const EmailSchema = textField('Email')
  .trim()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email address must be 254 characters or fewer' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const SubscribeRequestSchema = z.object({ email: EmailSchema });
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

export const SubscribeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

export const UnsubscribeQuerySchema = z.object({
  token: textField('The unsubscribe link', 'The unsubscribe link is missing its token')
    .min(16, { error: 'This unsubscribe link is incomplete. Copy the whole link from the email.' })
    .max(200, {
      error: 'This unsubscribe link is not one of ours. Copy the whole link from the email.',
    }),
});

/**
 * GET /api/newsletter/unsubscribe, the link in every newsletter email. Lenient on purpose: a
 * mangled link from an email client should land on the "link not valid" page, not on a JSON
 * validation error. UnsubscribeQuerySchema decides whether it is usable.
 */
export const UnsubscribeLinkQuerySchema = z.object({ token: z.string().max(200).optional() });

/** A browser following the link is redirected: the reply has no body. */
export const UnsubscribeRedirectSchema = z
  .null()
  .describe('Redirect to the web page that tells the person the outcome');
