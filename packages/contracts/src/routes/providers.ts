import { defineRoute } from '../route';

const schemas = async () => ({
  ...(await import('../providers')),
  ...(await import('../engagement-common')),
});
const tags = ['providers'];

export const listMyListings = defineRoute({
  method: 'GET',
  path: '/api/my/listings',
  load: async () => {
    const { MyListingsResponseSchema } = await schemas();
    return {
      tags,
      summary: 'The listings the signed-in person provides, with when each was last checked',
      responses: { 200: MyListingsResponseSchema },
      errors: [401, 429, 500],
    };
  },
});

export const getMyListing = defineRoute({
  method: 'GET',
  path: '/api/my/listings/:id',
  load: async () => {
    const { EditableListingSchema, ListingIdParamsSchema } = await schemas();
    return {
      tags,
      summary: "One of the signed-in provider's listings, as its editable fields",
      description: '403 for a listing someone else provides.',
      params: ListingIdParamsSchema,
      responses: { 200: EditableListingSchema },
      errors: [400, 401, 403, 404, 429, 500],
    };
  },
});

export const updateMyListing = defineRoute({
  method: 'PUT',
  path: '/api/my/listings/:id',
  load: async () => {
    const {
      EditableListingSchema,
      IdempotencyKeyHeadersSchema,
      ListingIdParamsSchema,
      UpdateListingSchema,
    } = await schemas();
    return {
      tags,
      summary:
        "Edit one of the signed-in provider's listings: live at once, checked today, and recorded in the audit log",
      description:
        'Sending the same fields again changes nothing. An Idempotency-Key makes a retry answer the first result, with Idempotent-Replayed: true.',
      params: ListingIdParamsSchema,
      headers: IdempotencyKeyHeadersSchema,
      body: UpdateListingSchema,
      responses: { 200: EditableListingSchema },
      errors: [400, 401, 403, 404, 413, 415, 422, 429, 500],
    };
  },
});

export const claimListing = defineRoute({
  method: 'POST',
  path: '/api/my/listings/claim',
  load: async () => {
    const { ClaimListingResponseSchema, ClaimListingSchema, IdempotencyKeyHeadersSchema } =
      await schemas();
    return {
      tags,
      summary:
        "Become a listing's provider with the one-time link emailed on approval (or in an 11-month check)",
      description:
        'The signed-in account must have the email address the link was sent to. The link works once and expires after 7 days (410); the same account claiming again is not an error.',
      headers: IdempotencyKeyHeadersSchema,
      body: ClaimListingSchema,
      responses: { 200: ClaimListingResponseSchema },
      errors: [400, 401, 403, 404, 410, 413, 415, 422, 429, 500],
    };
  },
});

export const showListingLink = defineRoute({
  method: 'GET',
  path: '/api/listing-check',
  load: async () => {
    const { ListingLinkQuerySchema, ListingLinkSchema } = await schemas();
    return {
      tags,
      summary:
        'What a one-time link from an email is for, and whether it can still be used. Changes nothing, so mail scanners opening the link cannot use it',
      query: ListingLinkQuerySchema,
      responses: { 200: ListingLinkSchema },
      errors: [400, 404, 429, 500],
    };
  },
});

export const confirmListing = defineRoute({
  method: 'POST',
  path: '/api/listing-check',
  load: async () => {
    const { ConfirmListingResponseSchema, ConfirmListingSchema, IdempotencyKeyHeadersSchema } =
      await schemas();
    return {
      tags,
      summary:
        '"Still correct": with the 11-month email\'s one-time link, marks the listing checked today',
      description:
        'No sign-in: the link is the credential. It works once and expires after 7 days (410). An Idempotency-Key makes a retry answer the first result.',
      headers: IdempotencyKeyHeadersSchema,
      body: ConfirmListingSchema,
      responses: { 200: ConfirmListingResponseSchema },
      errors: [400, 404, 410, 413, 415, 422, 429, 500],
    };
  },
});

export const renewListingLink = defineRoute({
  method: 'POST',
  path: '/api/providers/links/renew',
  load: async () => {
    const { IdempotencyKeyHeadersSchema, RenewListingLinkResponseSchema, RenewListingLinkSchema } =
      await schemas();
    return {
      tags,
      summary:
        'Email a new one-time link in place of an expired one, to the address the expired link went to',
      description:
        'No sign-in: the new link goes only where the old one went, and the answer shows that address masked. Only an expired, unused link is renewed: a link that still works is 409, a used one 410. While a renewed link still works no other is sent (sent: false). A renewed "Still correct" or "Something has changed" link sends both again, in a new 11-month email. An Idempotency-Key makes a retry answer the first result without another email.',
      headers: IdempotencyKeyHeadersSchema,
      body: RenewListingLinkSchema,
      responses: { 200: RenewListingLinkResponseSchema },
      errors: [400, 404, 409, 410, 413, 415, 422, 429, 500, 503],
    };
  },
});
