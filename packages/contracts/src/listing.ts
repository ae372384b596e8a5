import { z } from 'zod';
import { CategoryIdSchema } from './category-schema';
import { EmailSchema } from './newsletter';
import { safeHttpUrl } from './safe-url';
import { isFullPostcode, formatPostcode } from './postcode';
import { limitedText, textField, tooLongMessage } from './text-field';

/**
 * The fields of a listing a person may write (decision 024): a moderator approving an application
 * or accepting a suggestion, a provider editing their own listing. One schema, so the three forms,
 * the API and the audit log's before and after always name the same fields.
 */
export const ListingFieldsSchema = z.object({
  name: limitedText({ label: 'Name', max: 200 }),
  description: limitedText({ label: 'Description', max: 5000, multiline: true }),
  categories: z
    .array(CategoryIdSchema, { error: 'Choose at least one category' })
    .min(1, { error: 'Choose at least one category' })
    .max(12, { error: 'Choose at most 12 categories' }),
  /** Phone numbers as people write them; at most 5. */
  phones: z
    .array(
      limitedText({ label: 'Phone number', max: 40 }).regex(/^[0-9+()\-\s]{7,}$/, {
        error: 'Enter a phone number, like 0117 496 0000',
      }),
    )
    .max(5, { error: 'Give at most 5 phone numbers' }),
  /** Empty when the listing has none. */
  email: z.union([z.literal(''), EmailSchema]),
  website: textField('Website')
    .trim()
    .max(500, { error: tooLongMessage('Website', 500) })
    .refine((value) => value === '' || safeHttpUrl(value) !== null, {
      error: 'Enter a full web address, like https://example.org',
    }),
  address: limitedText({ label: 'Address', max: 500, multiline: true }),
  /** A full UK postcode the listing is placed at; it must be one Locals knows. */
  postcode: textField('Postcode')
    .trim()
    .refine(isFullPostcode, { error: 'Enter a full UK postcode, like BS1 4DJ' })
    .transform(formatPostcode),
  /**
   * Opening hours as the provider writes them ("Monday to Friday, 9am to 5pm"); read into
   * weekly hours when they can be. Empty when not known.
   */
  openingHours: textField('Opening hours', { multiline: true })
    .trim()
    .max(500, { error: tooLongMessage('Opening hours', 500) }),
});
export type ListingFields = z.infer<typeof ListingFieldsSchema>;
export type ListingFieldsInput = z.input<typeof ListingFieldsSchema>;

/**
 * A listing's fields as stored, in replies: plain values, since imported data may hold what the
 * form would refuse (a phone number with an extension), and a moderator or provider must see it
 * to correct it. Requests are checked with ListingFieldsSchema.
 */
export const ListingValuesSchema = z.object({
  name: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  phones: z.array(z.string()),
  email: z.string(),
  website: z.string(),
  address: z.string(),
  postcode: z.string(),
  openingHours: z.string(),
});
export type ListingValues = z.infer<typeof ListingValuesSchema>;

export { LISTING_FIELD_ORDER } from './listing-field-order';

/** "Last checked": the date a person last confirmed the listing (ISO date, London). */
export const ListingCheckSchema = z.object({
  /** ISO date (yyyy-mm-dd) of the last check by a provider or moderator, or the source's date. */
  lastChecked: z.iso.date().nullable(),
  /** Not checked for 12 months: search keeps it but says "Not checked since {month year}". */
  stale: z.boolean(),
});

/** Listings not checked for this many months are listed for moderators and flagged in search. */
export const STALE_AFTER_MONTHS = 12;
/** At this many months without a check, the provider is asked whether the listing is correct. */
export const NUDGE_AFTER_MONTHS = 11;
/** One-time links in emails work once and expire after this many days. */
export const ONE_TIME_LINK_DAYS = 7;
