import { z } from 'zod';
import { limitedText, textField, tooLongMessage } from './text-field';
import { EmailSchema } from './newsletter';
import { safeHttpUrl } from './safe-url';

/** An organisation's application to be listed, with the form's rules (browser and server alike). */
export const ProviderApplicationSchema = z.object({
  organizationName: limitedText({ label: 'Organisation name', max: 200 }),
  contactName: limitedText({ label: 'Contact name', max: 200 }),
  email: EmailSchema,
  phone: limitedText({ label: 'Phone number', max: 40 }).regex(/^[0-9+()\-\s]{7,}$/, {
    error: 'Enter a phone number, like 0117 496 0000',
  }),
  website: textField('Website')
    .trim()
    .max(500, { error: tooLongMessage('Website', 500) })
    // URL.canParse alone accepts javascript:alert(1) (decision 029).
    .refine((value) => value === '' || safeHttpUrl(value) !== null, {
      error: 'Enter a full web address, like https://example.org',
    })
    .optional(),
  address: limitedText({ label: 'Address', max: 500, multiline: true }),
  services: limitedText({ label: 'Services offered', max: 2000, multiline: true }),
  description: limitedText({ label: 'Description', max: 5000, multiline: true }),
});
export type ProviderApplication = z.infer<typeof ProviderApplicationSchema>;

/** The answer to POST /api/service-providers/apply; the receipt email quotes the id. */
export const ApplicationReceivedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  applicationId: z.uuid(),
});
