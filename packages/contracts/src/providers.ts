import { z } from 'zod';
import { ListingCheckSchema, ListingFieldsSchema, ListingValuesSchema } from './listing';
import { textField } from './text-field';

/** One of the signed-in provider's listings (decision 024). */
export const MyListingSchema = ListingCheckSchema.extend({
  id: z.string(),
  name: z.string(),
  postcode: z.string().nullable(),
});
export type MyListing = z.infer<typeof MyListingSchema>;

/** GET /api/my/listings */
export const MyListingsResponseSchema = z.object({ listings: z.array(MyListingSchema) });

/** GET/PUT /api/my/listings/:id: the listing's editable fields as they are now. */
export const EditableListingSchema = ListingCheckSchema.extend({
  id: z.string(),
  listing: ListingValuesSchema,
});
export type EditableListing = z.infer<typeof EditableListingSchema>;

export const ListingIdParamsSchema = z.object({
  id: textField('The listing id').trim().min(1).max(200),
});

/** PUT /api/my/listings/:id: every editable field; the change goes live at once. */
export const UpdateListingSchema = z.object({ listing: ListingFieldsSchema });
export type UpdateListing = z.input<typeof UpdateListingSchema>;

/** A one-time link's token, from an email (32 random bytes, base64url). */
export const OneTimeTokenSchema = textField(
  'The link',
  'This link is incomplete. Copy the whole link from the email.',
)
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, {
    error: 'This link is incomplete. Copy the whole link from the email.',
  });

/** POST /api/my/listings/claim: the signed-in person proves the email the link was sent to. */
export const ClaimListingSchema = z.object({ token: OneTimeTokenSchema });

export const ClaimListingResponseSchema = z.object({
  serviceId: z.string(),
  name: z.string(),
});

export const ListingLinkPurposeSchema = z.enum(['claim', 'still-correct', 'something-changed']);
export type ListingLinkPurpose = z.infer<typeof ListingLinkPurposeSchema>;

/** GET /api/listing-check?token=: what a link is for; changes nothing (mail scanners open links). */
export const ListingLinkQuerySchema = z.object({ token: OneTimeTokenSchema });

export const ListingLinkSchema = z.object({
  purpose: ListingLinkPurposeSchema,
  serviceId: z.string(),
  serviceName: z.string(),
  /** 'ready' to use; 'used' once it has been; 'expired' 7 days after it was sent. */
  state: z.enum(['ready', 'used', 'expired']),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type ListingLink = z.infer<typeof ListingLinkSchema>;

/** POST /api/listing-check: "Still correct" sets the listing's last check to today. */
export const ConfirmListingSchema = z.object({ token: OneTimeTokenSchema });

export const ConfirmListingResponseSchema = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  lastChecked: z.iso.date(),
});

/** POST /api/providers/links/renew: a new link in place of an expired one, to the same address. */
export const RenewListingLinkSchema = z.object({ token: OneTimeTokenSchema });

export const RenewListingLinkResponseSchema = z.object({
  /** True when this request emailed a new link; false when one sent earlier still works. */
  sent: z.boolean(),
  /** The address the link went to, masked ("j***@example.org"): the one the expired link went to. */
  email: z.string(),
  /** When the new link stops working. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type RenewListingLinkResponse = z.infer<typeof RenewListingLinkResponseSchema>;
