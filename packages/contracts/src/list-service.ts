import { z } from 'zod';
import { textField } from './text-field';
import { EmailSchema } from './newsletter';

const required = (field: string) =>
  textField(field)
    .trim()
    .min(1, { error: `${field} is required` });

/** Spec 3 "Provider application" and spec 5 rules. */
export const ProviderApplicationSchema = z.object({
  organizationName: required('Organisation name').max(200),
  contactName: required('Contact name').max(200),
  email: EmailSchema,
  phone: required('Phone number')
    .max(40)
    .regex(/^[0-9+()\-\s]{7,}$/, { error: 'Enter a phone number, like 0117 496 0000' }),
  website: textField('Website')
    .trim()
    .max(500)
    .refine((value) => value === '' || URL.canParse(value), {
      error: 'Enter a full web address, like https://example.org',
    })
    .optional(),
  address: required('Address').max(500),
  services: required('Services offered').max(2000),
  description: required('Description').max(5000),
});
export type ProviderApplication = z.infer<typeof ProviderApplicationSchema>;
