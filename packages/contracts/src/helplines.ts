import { z } from 'zod';
import { CategoryIdSchema } from './category-schema';
import { CRISIS_KINDS } from './crisis';
import { PostcodeSchema } from './postcode-schema';
import { optional } from './query-fields';
import { textField, tooLongMessage } from './text-field';

/**
 * A national helpline from the open data's helplines.csv: each row checked on the organisation's
 * own page. Offered beside a search for a need it serves (matched on the words people use for
 * that need), and wherever Locals has no local service for a need or does not cover an area yet.
 * The file's internal research notes are never loaded, so never part of this.
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
  /** The sms: URI that starts that text ("sms:85258?body=SHOUT"); null with no text number. */
  textHref: z.string().nullable(),
  /** Confirmed opening hours; null when none are confirmed (say where to check: sourceUrls[0]). */
  hours: z.string().nullable(),
  /** Open all day, every day, as the confirmed hours say. */
  open24Hours: z.boolean(),
  helpsWith: z.string(),
  categories: z.array(CategoryIdSchema),
  /** 'UK-wide', 'England and Wales' or 'England'. */
  nations: z.string(),
  /** Who may use it, in plain words: "For people anywhere in the UK", "For people in England only". */
  forWhom: z.string(),
  /** The page or pages the facts were checked on. */
  sourceUrls: z.array(z.string()),
  sourceSeen: z.string(),
});
export type Helpline = z.infer<typeof HelplineSchema>;

export const CrisisKindSchema = z.enum(CRISIS_KINDS);

/**
 * Set when the words searched signal a risk to life (crisis.ts): the page puts 999 and these
 * lines first, before any result. The lines are Samaritans, Shout and NHS 111 option 2 as the
 * open data has them, less any that does not serve the searcher's nation.
 */
export const CrisisSchema = z.object({
  kind: CrisisKindSchema,
  lines: z.array(HelplineSchema),
});
export type Crisis = z.infer<typeof CrisisSchema>;

/**
 * Where a page shows the lines offered beside a search (decision 027): 'top' when there is no
 * local result, 'beside' when the results are few or far, 'after' when there are plenty nearby.
 */
export const HELPLINE_PLACEMENTS = ['top', 'beside', 'after'] as const;
export const HelplinePlacementSchema = z.enum(HELPLINE_PLACEMENTS);
export type HelplinePlacement = z.infer<typeof HelplinePlacementSchema>;

/** GET /api/helplines: the lines for a need (keyword), a category, and a place, or every one. */
export const HelplinesQuerySchema = z.object({
  category: optional(CategoryIdSchema),
  keyword: optional(
    textField('keyword')
      .trim()
      .max(200, { error: tooLongMessage('keyword', 200) }),
  ),
  /** Lines that do not serve this postcode's nation (England, Scotland, Wales, Northern Ireland) are left out. */
  postcode: optional(PostcodeSchema),
});

export const HelplinesResponseSchema = z.object({
  helplines: z.array(HelplineSchema),
  /** Set when the keyword signals a risk to life. */
  crisis: CrisisSchema.nullable(),
  /** Plain words about the lines chosen, such as a need with no line for the person's nation. */
  notice: z.string().nullable(),
});
export type HelplinesResponse = z.infer<typeof HelplinesResponseSchema>;

const FOR_WHOM: Record<string, string> = {
  'UK-wide': 'For people anywhere in the UK',
  'England and Wales': 'For people in England and Wales only',
  England: 'For people in England only',
};

/** Who a line serves, as a person reads it, from the data's `nations` value. */
export function forWhomOf(nations: string): string {
  return FOR_WHOM[nations] ?? `For people in ${nations}`;
}

/** The nations a line's `nations` value covers. */
export function nationsServed(nations: string): readonly Nation[] {
  if (nations === 'UK-wide') return NATIONS;
  if (nations === 'England and Wales') return ['England', 'Wales'];
  return NATIONS.filter((nation) => nation === nations);
}

export const NATIONS = ['England', 'Scotland', 'Wales', 'Northern Ireland'] as const;
export type Nation = (typeof NATIONS)[number];
