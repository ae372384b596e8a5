import { z } from 'zod';
import { CategoryIdSchema } from './category-schema';

/**
 * A national helpline from the open data's helplines.csv: each row checked on the organisation's
 * own page. Shown where Locals has no local service for a need, or does not cover an area yet.
 */
export const HelplineSchema = z.object({
  id: z.string(),
  organisation: z.string(),
  service: z.string(),
  /** As the organisation prints it ("116 123"); null for a text-only line. */
  phone: z.string().nullable(),
  /** The tel: URI that dials it ("tel:116123", "tel:+448005858"); null with no phone. */
  phoneHref: z.string().nullable(),
  /** A text (SMS) number or instruction ("85258 (text the word SHOUT)"). */
  text: z.string().nullable(),
  hours: z.string(),
  helpsWith: z.string(),
  categories: z.array(CategoryIdSchema),
  /** 'UK-wide', 'England and Wales' or 'England'. */
  nations: z.string(),
  /** The page or pages the facts were checked on. */
  sourceUrls: z.array(z.string()),
  sourceSeen: z.string(),
});
export type Helpline = z.infer<typeof HelplineSchema>;

/** GET /api/helplines: every national helpline, or those serving one category. */
export const HelplinesQuerySchema = z.object({
  category: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    CategoryIdSchema.optional(),
  ),
});

export const HelplinesResponseSchema = z.object({ helplines: z.array(HelplineSchema) });
export type HelplinesResponse = z.infer<typeof HelplinesResponseSchema>;
